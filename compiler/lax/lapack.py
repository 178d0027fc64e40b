"""What the linalg primitives share (compiler/lax/linalg.py): the checks of their operands, the
LAPACK FFI custom call as JAX emits it, `lower_fun` (a jaxpr traced and inlined into a lowering
rule), the matrix helpers their impls and jvp rules are written with, and their batching and
explicit-sharding rule families.

The calls: `stablehlo.custom_call @lapack_<s|d><routine>_ffi` on column-major matrices, every
leading dimension a batch dimension (`num_batch_dims`), with an `sdy.sharding_rule` whose batch
factors are shared by every operand and result while each matrix dimension has a factor of its
own; jaxlib registers the targets batch-partitionable, so a sharded batch runs per device.
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    ShardingTypeError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import Primitive, batching_rules, sharding_rules
from meshjit.compiler.ir.shape_poly import is_constant_shape
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.ir.sharding_rules import state as sharding_state
from meshjit.compiler.lax import complex_parts, dot, elementwise, reductions, shapes, slicing
from meshjit.compiler.lax.ad_util import aval_of, inline
from meshjit.compiler.lax.batching import all_to_front, size_of
from meshjit.compiler.lowering import LoweringRuleContext, emit

LAPACK_PREFIX = {np.dtype(np.float32): "s", np.dtype(np.float64): "d"}
# Traced as any float (a jaxpr, an unused result); LAPACK has no kernels for them, so the
# lowering of a call refuses them (JAX's NotImplementedError, when the program compiles).
SMALL_FLOATS = (np.dtype(np.float16), np.dtype(dtypes.bfloat16))
# The routines that take complex matrices (schur, hessenberg, tridiagonal, tridiagonal_solve).
COMPLEX_PREFIX = {np.dtype(np.complex64): "c", np.dtype(np.complex128): "z"}


# ---------------------------------------------------------------------------------------------
# Shape and dtype checks shared by the abstract evaluation rules.


def check_matrix(
    name: str, aval: ShapedArray, *, square: bool = False, what: str = "input", complex_ok=False
):
    if (
        aval.dtype not in SMALL_FLOATS
        and aval.dtype not in LAPACK_PREFIX
        and not (complex_ok and aval.dtype in COMPLEX_PREFIX)
    ):
        accepted = (
            "float32, float64, complex64 and complex128" if complex_ok else "float32 and float64"
        )
        raise MeshjitTypeError(
            f"{name} does not accept dtype {aval.dtype} (its {what} is {aval.str_short()}); "
            f"accepted dtypes are {accepted}"
        )
    if aval.ndim < 2:
        raise MeshjitTypeError(
            f"Input 0 to {name} must have rank at least 2, but got shape={aval.shape}: {name} "
            f"requires its {what} to have rank at least 2 (a batch of matrices), got "
            f"{aval.str_short()}"
        )
    if square and aval.shape[-1] != aval.shape[-2]:
        raise MeshjitValueError(
            f"The input to {name} must be a square matrix. Got shape {aval.shape}: {name} "
            f"requires square matrices of shape [..., n, n], got {aval.str_short()}"
        )


def matrix_aval(aval: ShapedArray, *trailing, dtype=None) -> ShapedArray:
    return ShapedArray(aval.shape[:-2] + tuple(trailing), dtype or aval.dtype)


# ---------------------------------------------------------------------------------------------
# Lowering helpers: the LAPACK FFI call, and jaxprs traced and inlined.


def _column_major(ndim: int) -> tuple[int, ...]:
    return (ndim - 2, ndim - 1) + tuple(range(ndim - 3, -1, -1))


def _layouts(mctx, avals, max_ndim):
    return ir.ArrayAttr.get(
        [
            ir.DenseIntElementsAttr.get(
                np.asarray(
                    _column_major(a.ndim) if a.ndim == max_ndim else range(a.ndim - 1, -1, -1),
                    np.int64,
                ).reshape(-1),
                type=ir.IndexType.get(),
            )
            for a in avals
        ]
    )


def _factor_names():
    yield from "ijklmnopqrstuvwxyz"
    i = 1
    while True:
        yield f"z_{i}"
        i += 1


def batch_sharding_rule(avals_in, avals_out, num_batch: int) -> ir.Attribute:
    """JAX's rule for a batch-partitionable LAPACK call: the batch factors are shared, every
    matrix (or vector) dimension is a factor of its own, so only batch dimensions propagate."""
    names = _factor_names()
    batch = [next(names) for _ in range(num_batch)]
    sizes = dict(zip(batch, avals_in[0].shape[:num_batch]))

    def mapping(aval):
        own = [next(names) for _ in aval.shape[num_batch:]]
        sizes.update(zip(own, aval.shape[num_batch:]))
        return "[" + ", ".join(batch + own) + "]"

    lhs = ", ".join(mapping(a) for a in avals_in)
    rhs = ", ".join(mapping(a) for a in avals_out)
    factors = ", ".join(f"{k}={v}" for k, v in sizes.items())
    return ir.Attribute.parse(f"#sdy.op_sharding_rule<({lhs})->({rhs}) {{{factors}}}, custom>")


def _config_attr(value) -> ir.Attribute:
    """A character is LAPACK's flag (ui8, as JAX's enum attributes); a bool a bool; an int an
    i32."""
    if isinstance(value, bool):
        return ir.BoolAttr.get(value)
    if isinstance(value, str):
        return ir.IntegerAttr.get(ir.IntegerType.get_unsigned(8), ord(value))
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(value))


def lapack_call(ctx, routine, operands, avals_in, avals_out, aliases=None, **config) -> list:
    """`stablehlo.custom_call @lapack_<s|d><routine>_ffi` as JAX emits it (api_version 1 with
    the typed-FFI attributes in `mhlo.backend_config`, as JAX's `mlir.custom_call` does)."""
    mctx = ctx.module_ctx
    max_ndim = max(a.ndim for a in avals_in)
    num_batch = max_ndim - 2
    dtype = avals_in[0].dtype
    if dtype in SMALL_FLOATS:  # JAX's error and words
        raise MeshjitNotImplementedError(
            f"Unsupported dtype {dtype}. (LAPACK's {routine} takes float32 or float64 matrices, "
            f"got {avals_in[0].str_short()}: cast the input up first)"
        )
    prefix = {**LAPACK_PREFIX, **COMPLEX_PREFIX}[dtype]
    target = f"lapack_{prefix}{routine}_ffi"
    attributes = {
        "call_target_name": ir.StringAttr.get(target),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1),
        "backend_config": ir.StringAttr.get(""),
        "has_side_effect": ir.BoolAttr.get(False),
        "called_computations": ir.ArrayAttr.get([]),
        "operand_layouts": _layouts(mctx, avals_in, max_ndim),
        "result_layouts": _layouts(mctx, avals_out, max_ndim),
        "mhlo.backend_config": ir.DictAttr.get({k: _config_attr(v) for k, v in config.items()}),
        "mhlo.frontend_attributes": ir.DictAttr.get(
            {"num_batch_dims": ir.StringAttr.get(str(num_batch))}
        ),
    }
    static = all(is_constant_shape(a.shape) for a in (*avals_in, *avals_out))
    if static:
        attributes["sdy.sharding_rule"] = batch_sharding_rule(avals_in, avals_out, num_batch)
    if aliases:
        attributes["output_operand_aliases"] = ir.ArrayAttr.get(
            [
                hlo.OutputOperandAlias.get(
                    output_tuple_indices=[out] if len(avals_out) > 1 else [],
                    operand_index=arg,
                    operand_tuple_indices=[],
                )
                for arg, out in aliases.items()
            ]
        )
    operands = list(operands)
    if not static:
        _with_shape_operands(mctx, operands, attributes, avals_out)
    types = [mctx.types.tensor(a.shape, a.dtype) for a in avals_out]
    return list(emit("stablehlo.custom_call", types, operands, attributes).results)


def hlo_triangular_solve(ctx, a, b, left_side, lower, unit_diagonal, transpose: str):
    """`stablehlo.triangular_solve`: XLA's own solve, JAX's fallback where LAPACK has no kernel
    (float16, bfloat16)."""
    attributes = {
        "left_side": ir.BoolAttr.get(left_side),
        "lower": ir.BoolAttr.get(lower),
        "unit_diagonal": ir.BoolAttr.get(unit_diagonal),
        "transpose_a": hlo.TransposeAttr.get(transpose),
    }
    out = ctx.avals_out[0]
    types = [ctx.module_ctx.types.tensor(out.shape, out.dtype)]
    return emit("stablehlo.triangular_solve", types, [a, b], attributes).results[0]


def _with_shape_operands(mctx, operands: list, attributes: dict, avals_out) -> None:
    """Symbolic batch dimensions (shape polymorphism), as JAX's `mlir.custom_call` with result
    shapes: each result's shape an operand (`indices_of_shape_operands`), which shape
    refinement folds away; no sharding rule (its factor sizes would be symbolic)."""
    first = len(operands)
    operands += [dims_lowering.shape_tensor(mctx, a.shape) for a in avals_out]
    shape_layouts = [
        ir.DenseIntElementsAttr.get(np.zeros(1, np.int64), type=ir.IndexType.get())
    ] * len(avals_out)
    attributes["operand_layouts"] = ir.ArrayAttr.get(
        [*attributes["operand_layouts"], *shape_layouts]
    )
    attributes["indices_of_shape_operands"] = ir.DenseIntElementsAttr.get(
        np.arange(first, len(operands), dtype=np.int64)
    )


def lower_fun(impl, multiple_results: bool):
    """A lowering rule that traces `impl(*operands, **params)` over the operands' avals."""

    def rule(ctx: LoweringRuleContext, *operands, **params):
        def fun(*xs):
            out = impl(*xs, **params)
            return out if multiple_results else [out]

        outs = inline(ctx, fun, operands, ctx.avals_in)
        return outs if multiple_results else outs[0]

    return rule


def nan_unless(ok, x):
    """`x` where LAPACK's `ok` (over the batch dimensions) holds, NaN elsewhere."""
    aval = aval_of(x)
    nb = aval_of(ok).ndim
    ok = shapes.broadcast_in_dim(ok, aval.shape, tuple(range(nb)))
    return elementwise.select(ok, x, shapes.full(aval.shape, np.array(np.nan, aval.dtype)))


def info_ok(info, comparison=elementwise.eq):
    return comparison(info, np.zeros((), np.int32))


# ---------------------------------------------------------------------------------------------
# Matrix helpers over lax (for the impls and the jvp rules).


def mT(x):
    n = aval_of(x).ndim
    return shapes.transpose(x, (*range(n - 2), n - 1, n - 2))


def mH(x):
    """The conjugate transpose of the trailing matrices (mT for real ones)."""
    x = mT(x)
    return complex_parts.conj(x) if dtypes.is_complex(aval_of(x).dtype) else x


def matmul(x, y):
    """Batched x @ y over equal leading dimensions (rank-1 `y` is a batch of vectors)."""
    xa = aval_of(x)
    nb = xa.ndim - 2
    batch = tuple(range(nb))
    return dot.dot_general(x, y, (((xa.ndim - 1,), (nb,)), (batch, batch)))


def _mask(shape, k: int):
    """JAX's lax._tri over the last two dims, then broadcast over the batch: col <= row + k."""
    n, m = shape[-2:]
    rows = elementwise.add(shapes.broadcasted_iota(dtypes.int32, (n, m), 0), np.array(k, np.int32))
    mask = elementwise.ge(rows, shapes.broadcasted_iota(dtypes.int32, (n, m), 1))
    return shapes.broadcast(mask, shape[:-2])


def _zeros_like(x):
    aval = aval_of(x)
    return shapes.full(aval.shape, np.zeros((), aval.dtype))


def tril(x, k: int = 0):
    """JAX's linalg _tril: its equations in its order."""
    return elementwise.select(_mask(aval_of(x).shape, k), x, _zeros_like(x))


def triu(x, k: int = 0):
    """JAX's linalg _triu: the lower mask below the k-th diagonal selects zeros."""
    return elementwise.select(_mask(aval_of(x).shape, k - 1), _zeros_like(x), x)


def eye_like(x, n: int | None = None, m: int | None = None):
    """The identity (n x m, the last two dims of `x` by default) batched as `x`."""
    aval = aval_of(x)
    n = aval.shape[-2] if n is None else n
    m = aval.shape[-1] if m is None else m
    shape = aval.shape[:-2] + (n, m)
    rows = shapes.broadcasted_iota(dtypes.int32, shape, len(shape) - 2)
    cols = shapes.broadcasted_iota(dtypes.int32, shape, len(shape) - 1)
    one, zero = np.ones((), aval.dtype), np.zeros((), aval.dtype)
    return elementwise.select(
        elementwise.eq(rows, cols), shapes.full(shape, one), shapes.full(shape, zero)
    )


def diagonal(x):
    """The main diagonal of the last two dims, (..., min(n, m))."""
    aval = aval_of(x)
    k = min(aval.shape[-2:])
    x = slicing.slice_in_dim(
        slicing.slice_in_dim(x, 0, k, 1, aval.ndim - 2), 0, k, 1, aval.ndim - 1
    )
    masked = elementwise.select(
        elementwise.eq(
            shapes.broadcasted_iota(dtypes.int32, aval_of(x).shape, aval.ndim - 2),
            shapes.broadcasted_iota(dtypes.int32, aval_of(x).shape, aval.ndim - 1),
        ),
        x,
        shapes.full(aval_of(x).shape, np.zeros((), aval.dtype)),
    )
    return reductions.reduce_sum(masked, (aval.ndim - 1,))


def diag_matrix(v):
    """The batch of diagonal matrices with `v` (..., n) on the diagonal."""
    aval = aval_of(v)
    n = aval.shape[-1]
    shape = aval.shape + (n,)
    full = shapes.broadcast_in_dim(v, shape, tuple(range(aval.ndim)))
    return tril(triu(full))


def as_row(v):
    """(..., n) -> (..., 1, n) broadcast against matrices."""
    return shapes.expand_dims(v, (aval_of(v).ndim - 1,))


def as_column(v):
    return shapes.expand_dims(v, (aval_of(v).ndim,))


def expand_to(x, shape):
    xs = aval_of(x).shape
    keep = tuple(i for i, d in enumerate(xs) if d == shape[i])
    squeezed = shapes.reshape(x, tuple(xs[i] for i in keep))
    return shapes.broadcast_in_dim(squeezed, shape, keep)


def symmetrized(name: str, x):
    """(x + x^T) / 2 as JAX's wrappers compute it: integers divide to the default float, and matrices
    that are not square fail the addition (a TypeError, as in JAX)."""
    aval = aval_of(x)
    if aval.ndim == 1:  # JAX's transpose of the last two axes fails first
        raise MeshjitTypeError(
            "transpose permutation isn't a permutation of operand dimensions, got permutation "
            f"(0, -1) for operand shape {aval.shape}. ({name} requires square matrices "
            f"[..., n, n], got {aval.str_short()})"
        )
    if aval.ndim < 2 or aval.shape[-1] != aval.shape[-2]:
        raise MeshjitTypeError(
            f"add got incompatible shapes for broadcasting: {aval.shape}, "
            f"{aval.shape[::-1]}. ({name} requires square matrices [..., n, n]: it symmetrizes "
            f"(x + x.T) / 2 of {aval.str_short()})"
        )
    if not dtypes.is_inexact(aval.dtype):
        x = elementwise.convert_element_type(x, dtypes.default_float)
    return symmetrize(x)


def symmetrize(x):
    """(x + x^H) / 2, as JAX's linalg symmetrizes before cholesky and eigh."""
    xt = mT(x)
    if dtypes.is_complex(aval_of(x).dtype):
        xt = complex_parts.conj(xt)
    return elementwise.div(elementwise.add(x, xt), np.array(2, aval_of(x).dtype))


def slice_last(x, start, stop, axis_from_end):
    aval = aval_of(x)
    return slicing.slice_in_dim(x, start, stop, 1, aval.ndim - axis_from_end)


# ---------------------------------------------------------------------------------------------
# Batching: every linalg primitive acts on trailing dimensions, so mapped axes go in front.


def front_batcher(prim: Primitive):
    def rule(args, dims, **params):
        xs = all_to_front(args, dims, size_of(args, dims))
        out = prim.bind(*xs, **params)
        return out, ([0] * len(out) if prim.multiple_results else 0)

    batching_rules.register(prim, rule)
    return rule


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode), as JAX's linalg_sharding_rule: LAPACK factors whole matrices on one
# device, so only batch dimensions may be sharded, alike in every operand; results keep them.


def batch_sharding(prim: Primitive, ranks: tuple):
    def rule(out, *operands, **params):
        batches = []
        for i, (aval, rank) in enumerate(zip(operands, ranks)):
            spec = spec_of(aval)
            cut = len(spec) - rank
            if any(e is not None for e in spec[cut:]):
                raise ShardingTypeError(  # JAX's words, and below
                    f"Input {i} to {prim.name} must be unsharded on non-batch dimensions, but "
                    f"got {spec}."
                )
            batches.append(tuple(spec[:cut]))
        batch = batches[0]
        if any(b != batch for b in batches[1:]):
            raise ShardingTypeError(
                f"All inputs to {prim.name} must have the same batch sharding, but got {batches}."
            )
        outs = out if prim.multiple_results else [out]
        specs = [batch + (None,) * (o.ndim - len(batch)) for o in outs]
        return specs if prim.multiple_results else specs[0]

    sharding_rules.register(prim, rule)
    return rule


def same_batch_sharding(like, x, rank: int):
    """`x` resharded, when types carry shardings, to the batch sharding of `like` (which has the
    same batch dimensions) with its own last `rank` dimensions replicated (JAX's
    auto_insert_reshard before a linalg primitive)."""
    target, aval = aval_of(like), aval_of(x)
    if target.sharding is None and aval.sharding is None:
        return x
    mesh = (target.sharding or aval.sharding).mesh
    nb = aval.ndim - rank
    spec = tuple(spec_of(target)[:nb]) + (None,) * rank
    if spec_of(aval) == spec:
        return x
    from meshjit.compiler.parallel.explicit import reshard_to_type  # a later family

    sharding = sharding_state.factory(mesh, spec)
    return reshard_to_type(x, aval.update(sharding=sharding))
