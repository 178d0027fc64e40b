"""ragged_dot and ragged_dot_general: matrix products over groups of rows (mixture-of-experts).

Written as JAX's dense expansion (its `_ragged_dot_general_impl`): the ragged dimension is
expanded into one masked copy per group (`[g, ...]`, zeros outside the group's rows) and
contracted with one dot_general. Being made of lax ops, it differentiates and batches with
them. The three modes are JAX's: the ragged dimension of lhs is a non-contracting one (rhs
has a group dimension), a contracting one (the result gains a leading group dimension), or a
batch one.
"""

from __future__ import annotations

import dataclasses
import enum

import numpy as np

from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    trace_state,
)
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax import elementwise, shapes, slicing
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.batching import BatchTrace
from meshjit.compiler.lax.dot import dot_general
from meshjit.compiler.lax.windowed import cumsum

__all__ = ["RaggedDotDimensionNumbers", "ragged_dot", "ragged_dot_general"]


@dataclasses.dataclass(frozen=True, init=False)
class RaggedDotDimensionNumbers:
    """The dot dimension numbers, lhs's ragged dimension and rhs's group dimension."""

    dot_dimension_numbers: tuple
    lhs_ragged_dimensions: tuple
    rhs_group_dimensions: tuple

    def __init__(self, dot_dimension_numbers, lhs_ragged_dimensions, rhs_group_dimensions):
        dims = tuple(tuple(map(tuple, t)) for t in dot_dimension_numbers)
        object.__setattr__(self, "dot_dimension_numbers", dims)
        object.__setattr__(self, "lhs_ragged_dimensions", tuple(lhs_ragged_dimensions))
        object.__setattr__(self, "rhs_group_dimensions", tuple(rhs_group_dimensions))


_BASIC = RaggedDotDimensionNumbers((([1], [1]), ([], [])), [0], [0])


class _Mode(enum.Enum):
    NONCONTRACTING = 1  # [b,m,k], [g,b,k,n], [b,g] -> [b,m,n]
    CONTRACTING = 2  # [b,m,k], [b,k,n], [b,g] -> [g,b,m,n]
    BATCH = 3  # [b,m,k], [b,k,n], [g] -> [b,m,n]


def ragged_dot(lhs, rhs, group_sizes, precision=None, preferred_element_type=None,
               group_offset=None, out_sharding=None):  # fmt: skip
    """lhs (m, k) times rhs (g, k, n): rows of lhs in group i (consecutive, group_sizes[i] of
    them) use rhs[i]. Returns (m, n)."""
    return ragged_dot_general(
        lhs, rhs, group_sizes, _BASIC, precision, preferred_element_type, group_offset,
        out_sharding,
    )  # fmt: skip


def _explicit_mode(*avals) -> bool:
    """An operand typed over Explicit axes, or a context mesh with some: JAX's rule runs."""
    from meshjit.compiler.parallel.sharding import get_abstract_context_mesh  # a later family

    mesh = get_abstract_context_mesh()
    typed = any(a.sharding is not None and a.sharding.mesh.explicit_axes for a in avals)
    return typed or bool(mesh is not None and mesh.explicit_axes)


def ragged_dot_general(lhs, rhs, group_sizes, ragged_dot_dimension_numbers, precision=None,
                       preferred_element_type=None, group_offset=None, out_sharding=None):  # fmt: skip
    """The general ragged product (see the module docstring for the three modes)."""
    if group_offset is not None:
        raise MeshjitNotImplementedError("Unimplemented group_offset support.")
    if not isinstance(ragged_dot_dimension_numbers, RaggedDotDimensionNumbers):
        raise MeshjitTypeError(
            "ragged_dot_general: ragged_dot_dimension_numbers must be a "
            f"RaggedDotDimensionNumbers, got {type(ragged_dot_dimension_numbers).__name__}"
        )
    dnums = ragged_dot_dimension_numbers
    lhs_rank = aval_of(lhs).ndim
    mode, ragged = _mode_and_dim(lhs_rank, dnums)
    (l_contract, r_contract), (l_batch, r_batch) = dnums.dot_dimension_numbers
    _check_operands(aval_of(lhs), aval_of(rhs), aval_of(group_sizes), mode, dnums)
    if out_sharding is None and _explicit_mode(aval_of(lhs), aval_of(rhs), aval_of(group_sizes)):
        raise MeshjitNotImplementedError(  # (JAX's sharding rule; fuzzer slice seed 31)
            "Explicit sharding inference for ragged_dot_general is not currently implemented. "
            "Please specify out_sharding."
        )
    if _under_vmap():
        lhs, rhs, group_sizes = ragged_dot_operands_p.bind(lhs, rhs, group_sizes)
    l_prefix = _prefix_dims(mode, lhs_rank, ragged, l_batch, l_contract)

    def product(a, b, dims):
        return dot_general(
            a, b, dims, precision=precision, preferred_element_type=preferred_element_type,
            out_sharding=out_sharding,
        )  # fmt: skip

    if aval_of(group_sizes).ndim == 1:
        lhs_shape = aval_of(lhs).shape
        group_sizes = shapes.broadcast(group_sizes, [lhs_shape[i] for i in l_prefix])
    if mode is _Mode.NONCONTRACTING:
        (group_dim,) = dnums.rhs_group_dimensions
        dims = ((_incr(l_contract) + [0], list(r_contract) + [group_dim]),
                (_incr(l_batch), list(r_batch)))  # fmt: skip
        return product(_expand(lhs, ragged, group_sizes, *l_prefix), rhs, dims)
    if mode is _Mode.CONTRACTING:
        r_ragged = r_contract[list(l_contract).index(ragged)]
        r_prefix = _prefix_dims(mode, aval_of(rhs).ndim, r_ragged, r_batch, r_contract)
        dims = ((_incr(l_contract), _incr(r_contract)),
                ([0] + _incr(l_batch), [0] + _incr(r_batch)))  # fmt: skip
        return product(
            _expand(lhs, ragged, group_sizes, *l_prefix),
            _expand(rhs, r_ragged, group_sizes, *r_prefix),
            dims,
        )
    return product(lhs, rhs, dnums.dot_dimension_numbers)


def _check_operands(lhs, rhs, group_sizes, mode: _Mode, dnums) -> None:
    """JAX's shape and dtype rules of ragged_dot_general, in its words: integer group sizes of
    rank >= 1, rhs's group dimension of the group count (non-contracting mode), contracting
    dimensions of one size."""
    if not np.issubdtype(group_sizes.dtype, np.integer):
        raise MeshjitTypeError(
            "ragged_dot_general requires that group_sizes.dtype is subtype of np.integer."
        )
    if group_sizes.ndim == 0:
        raise MeshjitTypeError("expected rank of group_sizes to be >=1.")
    if mode is _Mode.NONCONTRACTING and len(dnums.rhs_group_dimensions) == 1:
        (group_dim,) = dnums.rhs_group_dimensions
        num_groups = group_sizes.shape[-1]
        if 0 <= group_dim < rhs.ndim and rhs.shape[group_dim] != num_groups:
            raise MeshjitTypeError(
                f"expected rhs group dimension size to be {num_groups}, got {rhs.shape[group_dim]}."
            )
    (l_contract, r_contract), _ = dnums.dot_dimension_numbers
    if all(0 <= d < lhs.ndim for d in l_contract) and all(0 <= d < rhs.ndim for d in r_contract):
        lsizes = tuple(lhs.shape[d] for d in l_contract)
        rsizes = tuple(rhs.shape[d] for d in r_contract)
        if lsizes != rsizes:
            raise MeshjitTypeError(
                "dot_general requires contracting dimensions to have the same shape, got "
                f"{lsizes} and {rsizes}."
            )


def _incr(dims) -> list[int]:
    return [d + 1 for d in dims]


def _remaining(original, *removed_lists) -> list[int]:
    removed = {d for dims in removed_lists for d in dims}
    return [i for i in original if i not in removed]


def _mode_and_dim(lhs_rank: int, dnums: RaggedDotDimensionNumbers) -> tuple[_Mode, int]:
    if len(dnums.lhs_ragged_dimensions) != 1:
        raise MeshjitTypeError(
            "ragged_dot_general needs exactly one lhs ragged dimension, got "
            f"{dnums.lhs_ragged_dimensions}"
        )
    (ragged,) = dnums.lhs_ragged_dimensions
    (l_contract, _), (l_batch, _) = dnums.dot_dimension_numbers
    if ragged in _remaining(range(lhs_rank), l_contract, l_batch):
        return _Mode.NONCONTRACTING, ragged
    if ragged in l_contract:
        return _Mode.CONTRACTING, ragged
    if ragged in l_batch:
        return _Mode.BATCH, ragged
    raise MeshjitTypeError(
        f"lhs_ragged_dim {ragged} not found in lhs_noncontracting "
        f"{_remaining(range(lhs_rank), l_contract, l_batch)}, lhs_contracting {list(l_contract)}, "
        f"or lhs_batch {list(l_batch)}."
    )


def _prefix_dims(mode: _Mode, rank: int, ragged: int, batch, contract) -> list[int]:
    batch, contract = list(batch), list(contract)
    noncontract = _remaining(range(rank), contract, batch)
    if mode is _Mode.NONCONTRACTING:
        return batch + noncontract[: noncontract.index(ragged)]
    if mode is _Mode.CONTRACTING:
        return batch + contract[: contract.index(ragged)]
    return batch[: batch.index(ragged)]


def _ragged_to_dense(x, gs, *, dim: int):
    """[g, *x.shape]: copy i keeps the rows of group i along `dim`, zeros elsewhere."""
    x_shape = aval_of(x).shape
    g = aval_of(gs).shape
    shape = g + x_shape
    dtype = aval_of(gs).dtype
    x = shapes.broadcast_in_dim(x, shape, list(range(1, len(shape))))
    iota = shapes.broadcasted_iota(dtype, shape, dim + 1)
    ends = cumsum(gs)
    starts = shapes.concatenate([np.zeros((1,), dtype), slicing.slice_in_dim(ends, 0, g[0] - 1)], 0)
    ends = shapes.broadcast_in_dim(ends, shape, (0,))
    starts = shapes.broadcast_in_dim(starts, shape, (0,))
    mask = elementwise.bitwise_and(elementwise.le(starts, iota), elementwise.lt(iota, ends))
    return elementwise.select(mask, x, shapes.full_like(x, 0))


def _batched_to_dense(dim: int, *x_axes: int):
    if not x_axes:
        return lambda x, gs: _ragged_to_dense(x, gs, dim=dim)
    from meshjit.compiler.batching.api import vmap  # batching/ sits above lax/

    x_axis, *rest = x_axes

    def decr(d):
        return d - 1 if d >= x_axis else d

    return vmap(_batched_to_dense(decr(dim), *[decr(a) for a in rest]), in_axes=(x_axis, 0))


def _expand(x, dim: int, gs, *axes: int):
    """x with its ragged `dim` expanded per group; the group axis outermost."""
    expanded = _batched_to_dense(dim, *axes)(x, gs)
    ndim = aval_of(x).ndim
    unsorted = _incr(axes) + [0] + _incr(_remaining(range(ndim), axes))
    return shapes.transpose(expanded, tuple(int(i) for i in np.argsort(unsorted)))


# ---------------------------------------------------------------------------------------------
# vmap: JAX's batching rule of ragged_dot_general maps only operands all mapped along their
# first axis (any other, an unmapped one included, is its NotImplementedError). The product
# being a composition, an identity on its three operands carries that rule, bound under vmap.

ragged_dot_operands_p = Primitive("ragged_dot_operands", multiple_results=True)


def _under_vmap() -> bool:
    trace = trace_state.current
    while trace is not None:
        if isinstance(trace, BatchTrace):
            return True
        trace = trace.parent
    return False


@abstract_eval_rules.register(ragged_dot_operands_p)
def _operands_rule(*avals):
    return list(avals)


@batching_rules.register(ragged_dot_operands_p)
def _operands_batcher(args, dims):
    if not all(d == 0 for d in dims):  # JAX's words
        raise MeshjitNotImplementedError("ragged_dot vmap over any dim but 0 - NYI")
    return list(args), list(dims)


@jvp_rules.register(ragged_dot_operands_p)
def _operands_jvp(primals, tangents):
    return ragged_dot_operands_p.bind(*primals), list(tangents)


@sharding_rules.register(ragged_dot_operands_p)
def _operands_sharding(out, *avals):
    return [spec_of(a) for a in avals]


lowering_rules.register(ragged_dot_operands_p, lambda ctx, *xs: list(xs))
