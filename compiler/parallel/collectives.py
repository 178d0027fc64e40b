"""Collectives over manual mesh axes (psum, all_gather, ppermute, ...): the user-facing functions
and the primitives with all their rules (abstract eval, lowering, jvp, transpose)."""

from __future__ import annotations

import functools
import math
import operator

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.ad.transform import vma_checked
from meshjit.compiler.config import config
from meshjit.compiler.errors import (
    MeshjitAssertionError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    TYPECHECKED_SCOPES,
    ShapedArray,
    as_bound,
    is_host_value,
)
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
    vma_rules,
)
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax import elementwise, reductions, shapes, slicing
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp
from meshjit.compiler.lax.batching import (
    axis_rules,
    current_axis,
    move_to_front,
    moveaxis,
)
from meshjit.compiler.lowering import LoweringRuleContext
from meshjit.compiler.parallel.axis_env import (
    as_axes,
    check_index_groups,
    checked_axes,
    group_size,
    replica_groups,
    vmapped_names,
)
from meshjit.compiler.trace.tracing import abstractify, current_trace
from meshjit.compiler.tree_util import tree_leaves, tree_map
from meshjit.dialects.sdy import TensorSharding, sharding_per_value_attr

__all__ = [
    "all_gather",
    "all_to_all",
    "axis_index",
    "axis_size",
    "pargmax",
    "pargmin",
    "pbroadcast",
    "pcast",
    "pmax",
    "pmean",
    "pmin",
    "ppermute",
    "pshuffle",
    "psum",
    "psum_scatter",
    "pswapaxes",
]


def _collective(name: str) -> Primitive:
    prim = Primitive(name)
    vma_rules.add(prim)
    sharding_rules.register(prim, _collective_sharding)
    return prim


def _collective_sharding(out, *avals, **params):
    """Over manual axes only: a value's Explicit axes (shard_map over some axes) stay where its
    shape stays, else the result is unsharded over them."""
    outs = out if isinstance(out, list) else [out]
    specs = [spec_of(a) if a.shape == o.shape else (None,) * o.ndim for o, a in zip(outs, avals)]
    return specs if isinstance(out, list) else specs[0]


psum_p, pmax_p, pmin_p = _collective("psum"), _collective("pmax"), _collective("pmin")
# JAX's psum where varying axes are typed (check_vma=True): variant -> invariant, no groups
psum_invariant_p = _collective("psum_invariant")
all_gather_p = _collective("all_gather")
all_gather_invariant_p = _collective("all_gather_invariant")
psum_scatter_p = _collective("reduce_scatter")  # JAX's name
all_to_all_p = _collective("all_to_all")
ppermute_p = _collective("ppermute")
axis_index_p = _collective("axis_index")
pvary_p = _collective("pvary")


def _resized_sharding(out, x, *, tiled, **params):
    """As JAX's (its abstract evals update the shape alone): a tiled gather / scatter or an
    all_to_all keeps the operand's spec over the Explicit axes a partly manual shard_map leaves
    free; an untiled gather's new dimension and an untiled scatter's dropped one are
    unsharded."""
    spec = list(spec_of(x))
    if not tiled and "all_gather_dimension" in params:
        spec.insert(params["all_gather_dimension"], None)
    elif not tiled and "scatter_dimension" in params:
        del spec[params["scatter_dimension"]]
    return tuple(spec)


for _prim in (all_gather_p, all_gather_invariant_p, psum_scatter_p):
    sharding_rules.register(_prim, _resized_sharding)
sharding_rules.register(all_to_all_p, lambda out, x, **params: spec_of(x))

# ---------------------------------------------------------------------------------------------
# User-facing functions (pytrees of arrays, one axis name or a tuple of them).


def _groups_for(env, axes, axis_index_groups, what):
    return check_index_groups(axis_index_groups, env.size(axes), what)


def _all_reduce(prim, x, axis_name, axis_index_groups):
    env, axes = checked_axes(axis_name, prim.name)
    groups = _groups_for(env, axes, axis_index_groups, prim.name)

    return tree_map(functools.partial(_one, prim, axes=axes, groups=groups), x)


def axis_states(leaf, axes, name: str) -> set[str]:
    """Whether `leaf` varies over `axes` ("varying") or not ("invarying"): one of the two, else
    JAX's ValueError (a psum over an axis the value varies over and one it does not)."""
    vma = getattr(abstractify(leaf), "vma", frozenset()) or frozenset()
    states = {"varying" if a in vma else "invarying" for a in axes}
    if len(states) > 1:
        raise MeshjitValueError(
            f"{name} can only accept axis_name which corresponds to one of varying, "
            f"unreduced, reduced or invarying state of the input. Got input type: "
            f"{abstractify(leaf).str_long()}, axes: {axes} and input state: {states}"
        )
    return states


def _one(prim, leaf, axes, groups=None):
    if prim is psum_p and vma_checked() and not _vmapped_among(axes):
        axis_states(leaf, axes, "jax.lax.psum")
    if abstractify(leaf).dtype == dtypes.bool_ and prim is psum_p:
        leaf = elementwise.convert_element_type(leaf, dtypes.int32)  # even with x64
    leaf = collective_pvary(leaf, axes)
    if prim is psum_p:
        return bind_psum(leaf, axes, groups)
    return prim.bind(leaf, axes=axes, axis_index_groups=groups)


def bind_psum(x, axes, groups=None):
    """JAX's psum binding: `psum_invariant` where varying axes are typed (no index groups),
    else `psum`."""
    if groups is None and vma_checked() and not _vmapped_among(axes):
        return psum_invariant_p.bind(x, axes=tuple(axes))
    return psum_p.bind(x, axes=tuple(axes), axis_index_groups=groups)


def _vmapped_among(axes) -> bool:
    vmapped = vmapped_names()
    return any(a in vmapped for a in axes)


def collective_pvary(x, axes):
    """As JAX's insert_collective_pvary: an operand invariant over some of a collective's
    manual axes is cast to vary over them first (a `pvary` equation) where they are typed."""
    if not vma_checked() or _vmapped_among(axes) or not config.jax_auto_pcast:
        return x
    env = current_trace().axis_env if current_trace() is not None else None
    if env is None:
        return x
    vma = abstractify(x).vma
    missing = tuple(a for a in axes if a not in vma)
    return pvary_p.bind(x, axes=missing) if missing else x


def psum(x, axis_name, *, axis_index_groups=None):
    if not as_axes(axis_name):  # no axes: x as given, as JAX's (inside shard_map or not)
        return x
    if all(_host_number(leaf) for leaf in tree_leaves(x)):
        # JAX's constant case: a Python or NumPy number times the group's size, still one
        # (`lax.psum(1, "i")` is the axis size, usable in shapes)
        env, axes = checked_axes(axis_name, "psum")
        size = group_size(env, axes, _groups_for(env, axes, axis_index_groups, "psum"))
        return tree_map(lambda leaf: _host_scaled(leaf, size), x)
    return _all_reduce(psum_p, x, axis_name, axis_index_groups)


def _host_number(x) -> bool:
    """A Python number or a NumPy value (not bool: JAX's psum makes those int32 arrays)."""
    if type(x) in (int, float, complex):
        return True
    return isinstance(x, (np.ndarray, np.generic)) and x.dtype != np.bool_


def _host_scaled(leaf, size: int):
    if type(leaf) in (int, float, complex):
        return type(leaf)(size) * leaf
    return np.asarray(size, leaf.dtype) * leaf


def pmax(x, axis_name, *, axis_index_groups=None):
    return _all_reduce_or_same(pmax_p, x, axis_name, axis_index_groups)


def pmin(x, axis_name, *, axis_index_groups=None):
    return _all_reduce_or_same(pmin_p, x, axis_name, axis_index_groups)


def _all_reduce_or_same(prim, x, axis_name, axis_index_groups):
    """As JAX's: over vmap's axes only, the max or min of a value that is not traced (the same
    in every example) is that value, a Python scalar typed (`TypedInt(1, dtype=int32)`)."""
    trace = current_trace()
    vmapped = {} if trace is None else trace.vmap_axes
    axes = as_axes(axis_name)
    if not (axes and all(a in vmapped for a in axes) and axis_index_groups is None):
        return _all_reduce(prim, x, axis_name, axis_index_groups)
    checked_axes(axis_name, prim.name)
    return tree_map(
        lambda leaf: as_bound(leaf) if is_host_value(leaf) else _one(prim, leaf, axes), x
    )


def pmean(x, axis_name, *, axis_index_groups=None):
    env, axes = checked_axes(axis_name, "pmean")
    size = group_size(env, axes, _groups_for(env, axes, axis_index_groups, "pmean"))
    total = psum(x, axis_name, axis_index_groups=axis_index_groups)
    return tree_map(functools.partial(_mean_of_sum, size=size), total)


def _mean_of_sum(total, size: int):
    """As JAX's `v / n`: a Python or NumPy sum stays one (`pmean(1, "i")` is 1.0)."""
    if _host_number(total):
        return total / size
    total = _inexact(total)
    return elementwise.div(total, _weak_scalar(total, size))  # JAX's `v / n`: a weak sum stays weak


def _inexact(x):
    """pmean divides like `/`: integer and bool sums become the default float, as in JAX."""
    dtype = abstractify(x).dtype
    if np.issubdtype(dtype, np.inexact) or dtype.kind == "V":  # "V": ml_dtypes floats
        return x
    return elementwise.convert_element_type(x, dtypes.default_float)


def _weak_scalar(x, value):
    """`value` as a weak scalar of `x`'s dtype (JAX's `lax._const`): a Python number of its kind."""
    dtype = abstractify(x).dtype
    kind = complex if dtype.kind == "c" else int if dtype.kind in "iub" else float
    return kind(value)


def axis_size(axis_name) -> int:
    env, axes = checked_axes(axis_name, "axis_size")
    return env.size(axes)


def axis_index(axis_name):
    checked_axes(axis_name, "axis_index")
    # bound as given (`axis_name=x`), as JAX's
    return axis_index_p.bind(
        axis_name=tuple(axis_name) if isinstance(axis_name, list) else axis_name
    )


def pvary(x, axis_name):
    """Marks `x` as varying over the axes (type only: no data moves). With check_vma=False
    nothing is typed, and pvary is the identity (its transpose too)."""
    env, axes = checked_axes(axis_name, "pvary")
    if not env.check_vma:
        return x
    return tree_map(lambda leaf: pvary_p.bind(leaf, axes=axes), x)


_PCAST_TO = ("varying", "reduced", "unreduced")


def pcast(x, axis_name, *, to: str):
    """`lax.pcast(x, axes, to="varying")`: JAX 0.10's spelling of pvary (a value invariant
    over the axes typed as varying over them). meshjit types no reduced / unreduced values."""
    if isinstance(axis_name, (set, frozenset)):
        raise MeshjitTypeError(f"axis_name={axis_name!r} must be a tuple or a str. Got {axis_name}")
    if not axis_name:
        return x
    if to not in _PCAST_TO:
        raise MeshjitValueError(
            f"Got unexpected `to` value. Allowed `to` values are: {set(_PCAST_TO)} (got {to!r})"
        )
    trace = current_trace()
    if to == "varying" and (trace is None or trace.axis_env is None):  # JAX's words
        raise MeshjitValueError("pvary should be called under jax.shard_map.")
    env, axes = checked_axes(axis_name, "pcast")
    if to != "varying":
        raise MeshjitNotImplementedError(f"pcast to={to!r}: meshjit has no {to} values")
    if not env.check_vma:
        return x

    def cast(leaf):
        states = axis_states(leaf, axes, "jax.lax.pcast")
        if states == {"varying"}:
            raise MeshjitValueError(
                f"Unsupported pcast from=varying, to={to!r}: the value already varies over {axes}"
            )
        return pvary_p.bind(leaf, axes=axes)

    return tree_map(cast, x)


def all_gather(
    x, axis_name, *, axis_index_groups=None, axis: int = 0, tiled: bool = False, to="varying"
):
    """Gathers `x` from every device along the axes. As in JAX, the result still varies over
    them (its transpose is psum_scatter); `to="invarying"` is `all_gather_invariant`."""
    if isinstance(axis_name, list):  # JAX binds the name as a parameter: it must hash
        raise MeshjitTypeError("unhashable type: 'list' (all_gather takes a tuple of axis names)")
    if not as_axes(axis_name):  # no axes: x as given, as JAX's
        return x
    if to == "invarying":
        if axis_index_groups is not None:
            raise MeshjitValueError(
                "all_gather with to='invarying' does not take axis_index_groups"
            )
        return all_gather_invariant(x, axis_name, axis=axis, tiled=tiled)
    if to != "varying":
        raise MeshjitValueError(
            f"all_gather: to={to!r} is not supported (use 'varying' or 'invarying')"
        )
    env, axes = checked_axes(axis_name, "all_gather")
    groups = _groups_for(env, axes, axis_index_groups, "all_gather")
    size = group_size(env, axes, groups)
    return _gather(all_gather_p, x, axes, size, axis, tiled, axis_index_groups=groups)


def all_gather_invariant(x, axis_name, *, axis: int = 0, tiled: bool = False):
    """all_gather whose result is typed invariant over the axes (every device holds the same
    gathered value), so it can leave a shard_map with an out_spec that omits them. Its
    transpose gives each device its own slice of the cotangent."""
    env, axes = checked_axes(axis_name, "all_gather_invariant")
    return _gather(all_gather_invariant_p, x, axes, env.size(axes), axis, tiled)


def _gather(prim, x, axes, size, axis, tiled, **params):
    def one(leaf):
        ndim = abstractify(leaf).ndim
        dim = checks.canonical_axis(axis, ndim if tiled else ndim + 1, f"{prim.name} axis")
        if prim is all_gather_p:
            leaf = collective_pvary(leaf, axes)
        return prim.bind(
            leaf, all_gather_dimension=dim, axis_name=axes, axis_size=size, tiled=tiled, **params
        )

    return tree_map(one, x)


def _check_group_split(what, axes, aval, dim: int, dim_name: str, size: int, tiled: bool):
    """Tiled: the dimension splits evenly over the group; untiled: it is the group size."""
    n = aval.shape[dim]
    if what == "all_to_all" and tiled and n % size:  # JAX's words
        names = axes[0] if len(axes) == 1 else axes
        raise MeshjitValueError(
            f"The size of all_to_all split_axis ({n}) has to be divisible by the size of the "
            f"named axis {names} ({size}): {dim_name} {dim} of {aval.str_long()}"
        )
    if what == "psum_scatter" and tiled and n % size:  # JAX's words
        raise MeshjitValueError(
            f"tiled reduce_scatter operand scatter dimension size {n} must be divisible by "
            f"shard_count {size} (psum_scatter over {axes} of {aval.str_long()})"
        )
    if what == "all_to_all" and not tiled and n != size:  # JAX's words
        raise MeshjitValueError(
            "all_to_all requires the size of the mapped axis axis_name to equal "
            f"x.shape[split_axis], but they are {size} and {n} respectively. ({dim_name} {dim} "
            f"of {aval.str_long()}, over {axes})"
        )
    if what == "psum_scatter" and not tiled and n != size:  # JAX's words
        raise MeshjitValueError(
            f"reduce_scatter operand scatter dimension size {n} must match shard count {size} "
            f"(psum_scatter over {axes}: {dim_name} {dim} of {aval.str_long()} has size {n}, "
            f"which must be equal to {size}, the group size)"
        )
    if (tiled and n % size) or (not tiled and n != size):
        need = f"divisible by {size}" if tiled else f"equal to {size}"
        raise MeshjitValueError(
            f"{what} over {axes}: {dim_name} {dim} of {aval.str_long()} has size {n}, "
            f"which must be {need} (the group size)"
        )


def psum_scatter(
    x, axis_name, *, scatter_dimension: int = 0, axis_index_groups=None, tiled: bool = False
):
    env, axes = checked_axes(axis_name, "psum_scatter")
    groups = _groups_for(env, axes, axis_index_groups, "psum_scatter")
    size = group_size(env, axes, groups)

    def one(leaf):
        aval = abstractify(leaf)
        dim = checks.canonical_axis(  # JAX's IndexError: it indexes the shape
            scatter_dimension, aval.ndim, "psum_scatter dimension", "tuple index out of range"
        )
        _check_group_split("psum_scatter", axes, aval, dim, "dimension", size, tiled)
        return psum_scatter_p.bind(
            collective_pvary(leaf, axes),
            axis_index_groups=groups,
            axis_name=axes,
            axis_size=size,
            scatter_dimension=dim,
            tiled=tiled,
        )

    return tree_map(one, x)


def all_to_all(
    x, axis_name, split_axis: int, concat_axis: int, *, axis_index_groups=None, tiled=False
):
    env, axes = checked_axes(axis_name, "all_to_all")
    groups = _groups_for(env, axes, axis_index_groups, "all_to_all")
    size = group_size(env, axes, groups)

    def one(leaf):
        aval = abstractify(leaf)
        split = checks.canonical_axis(
            split_axis, aval.ndim, "all_to_all split_axis", jax_words="tuple index out of range"
        )
        concat = checks.canonical_axis(concat_axis, aval.ndim, "all_to_all concat_axis")
        _check_group_split("all_to_all", axes, aval, split, "split_axis", size, tiled)
        name = tuple(axis_name) if isinstance(axis_name, list) else axis_name  # as given
        if tiled or split == concat:  # untiled with split == concat moves size-1 chunks
            return _bind_all_to_all(leaf, name, groups, split, concat, tiled)
        # Untiled: the result is np.insert(np.delete(shape, split), concat, size), so `concat`
        # is a position in the result, after the split dimension is gone.
        concat_e = concat + 1 if split < concat else concat
        split_e = split + 1 if split > concat else split
        expanded = shapes.expand_dims(leaf, (concat_e,))
        out = _bind_all_to_all(expanded, name, groups, split_e, concat_e, tiled)
        return shapes.squeeze(out, (split_e,))

    return tree_map(one, x)


def _bind_all_to_all(x, axis_name, groups, split, concat, tiled):
    return all_to_all_p.bind(
        collective_pvary(x, as_axes(axis_name)),
        axis_index_groups=groups,
        axis_name=axis_name,
        concat_axis=concat,
        split_axis=split,
        tiled=tiled,
    )


def _axes_size(axes, groups) -> int:
    """The size of a collective's group: the index groups', else the axes' in the mesh of
    the shard_map being traced (or typechecked)."""
    if groups is not None:
        return len(groups[0])
    if TYPECHECKED_SCOPES:
        return math.prod(TYPECHECKED_SCOPES[-1]["mesh"].shape[a] for a in axes)
    return math.prod(_mesh_axis_size(a) for a in axes)


def _perm_index(i, perm) -> int:
    try:
        return operator.index(i)
    except TypeError:
        raise MeshjitTypeError(
            f"ppermute perm entries must be integers, got {i!r} in {perm!r} (list indices must "
            f"be integers or slices, not {type(i).__name__})"
        ) from None


def _perm_pair(pair, perm) -> tuple:
    try:
        source, target = pair
    except TypeError:  # JAX's words: it makes a tuple of each pair
        raise MeshjitTypeError(
            f"'{type(pair).__name__}' object is not iterable (ppermute's perm is a list of "
            f"(source, destination) pairs, got {perm!r})"
        ) from None
    return _perm_index(source, perm), _perm_index(target, perm)


def ppermute(x, axis_name, perm):
    env, axes = checked_axes(axis_name, "ppermute")
    size = env.size(axes)
    given = tuple(_perm_pair(pair, perm) for pair in perm)
    trace = current_trace()
    if trace is not None and all(a in trace.vmap_axes for a in axes):  # JAX's vmap rule's check
        if len(given) != size:  # here too, so that the error points at the user's line
            raise _not_whole_permutation(axes, size, given)
        return tree_map(lambda leaf: ppermute_p.bind(leaf, axis_name=axes, perm=given), x)
    perm = tuple((s % size, d % size) for s, d in given)  # indices wrap, as in JAX
    if not _staged_as_jax():  # JAX checks as it lowers: a staged ppermute, when it is lowered
        _check_unique_perm(perm, given, axes, size)
    for pair in given:
        if not all(-size <= i < size for i in pair):
            raise MeshjitIndexError(  # JAX's: Python's, indexing its device list
                f"list index out of range: ppermute permutation indices must be in range for "
                f"axis {axes} of size {size}, got {pair} in perm {given}"
            )
    return tree_map(
        lambda leaf: ppermute_p.bind(collective_pvary(leaf, axes), axis_name=axes, perm=perm), x
    )


def pshuffle(x, axis_name, perm):
    """Device i receives the value of device perm[i]."""
    if set(perm) != set(range(len(perm))):  # JAX's check and words
        raise MeshjitValueError(f"`perm` does not represent a permutation: {perm}")
    return ppermute(x, axis_name, [(int(src), dst) for dst, src in enumerate(perm)])


def pswapaxes(x, axis_name, axis: int, *, axis_index_groups=None):
    return all_to_all(x, axis_name, axis, axis, axis_index_groups=axis_index_groups)


def pbroadcast(x, axis_name, source: int):
    """Every device along the axes gets device `source`'s value.

    As in JAX, the result is typed as varying over the axes (so its transpose gives the source
    the sum of every device's cotangent). StableHLO's collective_broadcast does not run on
    XLA's CPU backend, so this lowers to a psum of the source's value and zeros elsewhere
    (exact for every dtype psum supports).
    """
    env, axes = checked_axes(axis_name, "pbroadcast")
    if not 0 <= int(source) < env.size(axes):
        raise MeshjitValueError(f"pbroadcast source {source} is outside 0..{env.size(axes) - 1}")
    is_source = elementwise.eq(axis_index(axes), np.int32(source))

    def one(leaf):
        aval = abstractify(leaf)
        zeros = shapes.full(aval.shape, 0, aval.dtype)
        mask = shapes.broadcast(is_source, aval.shape) if aval.shape else is_source
        picked = elementwise.select(mask, leaf, zeros)
        if aval.dtype == dtypes.bool_:
            return pvary(elementwise.ne(psum(picked, axes), np.int32(0)), axes)
        return pvary(psum(picked, axes), axes)

    return tree_map(one, x)


def _parg(x, axis_name, best):
    env, axes = checked_axes(axis_name, "pargmax" if best is pmax else "pargmin")
    size = env.size(axes)
    winner = best(x, axes)
    idx = axis_index(axis_name)

    def one(leaf, win):
        aval = abstractify(leaf)
        mine = shapes.broadcast(idx, aval.shape) if aval.shape else idx
        candidates = elementwise.select(
            elementwise.eq(leaf, win), mine, shapes.full(aval.shape, size, dtypes.int32)
        )
        return pmin(candidates, axes)

    return tree_map(one, x, winner)


def pargmax(x, axis_name):
    """Per element, the index along the axes of the device holding the maximum (lowest wins)."""
    return _parg(x, axis_name, pmax)


def pargmin(x, axis_name):
    return _parg(x, axis_name, pmin)


# ---------------------------------------------------------------------------------------------
# Abstract evaluation, as JAX types them: all-reductions (psum, pmax, pmin) and
# all_gather_invariant make values invariant over their axes; all_gather, psum_scatter,
# all_to_all, ppermute and axis_index make them vary.


def _manual_only(axes) -> tuple[str, ...]:
    """The mesh axes among `axes`: vmap's names type nothing (vmap computes them locally)."""
    vmapped = vmapped_names()
    return tuple(axes) if not vmapped else tuple(a for a in axes if a not in vmapped)


def _drop(aval, axes, axis_index_groups=None):
    axes = _manual_only(axes)
    # With several index groups the groups hold different results: a value that varied over
    # any of the axes still varies over all of them.
    if axis_index_groups is not None and len(axis_index_groups) > 1:
        return aval.vma | frozenset(axes) if aval.vma & frozenset(axes) else aval.vma
    return aval.vma - frozenset(axes)


def _add(aval, axes):
    if not vma_checked():  # with check_vma=False nothing is typed varying, as in JAX
        return aval.vma
    return aval.vma | frozenset(_manual_only(axes))


def _all_reduce_rule(x, *, axes, axis_index_groups):
    # As JAX's: with check_vma=False an all-reduction's result is a strong array (JAX's
    # effectful abstract eval builds a fresh ShapedArray); typed ones keep the weak type.
    if not vma_checked():
        return ShapedArray(x.shape, x.dtype, False, x.vma)
    return x.update(vma=_drop(x, axes, axis_index_groups))


for _prim in (psum_p, pmax_p, pmin_p):
    abstract_eval_rules.register(_prim)(_all_reduce_rule)
abstract_eval_rules.register(psum_invariant_p)(
    functools.partial(_all_reduce_rule, axis_index_groups=None)
)


@abstract_eval_rules.register(pvary_p)
def _pvary_rule(x, *, axes):
    return x.update(vma=_add(x, axes))


def _gathered_shape(x, size, axis, tiled):
    shape = list(x.shape)
    if tiled:
        shape[axis] *= size
    else:
        shape.insert(axis, size)
    return tuple(shape)


@abstract_eval_rules.register(all_gather_p)
def _all_gather_rule(x, *, all_gather_dimension, axis_name, axis_index_groups, axis_size, tiled):
    # As in JAX: the gathered value is typed as still varying over the axes.
    shape = _gathered_shape(x, axis_size, all_gather_dimension, tiled)
    return ShapedArray(shape, x.dtype, x.weak_type, _add(x, axis_name))


@abstract_eval_rules.register(all_gather_invariant_p)
def _all_gather_invariant_rule(x, *, all_gather_dimension, axis_name, axis_size, tiled):
    shape = _gathered_shape(x, axis_size, all_gather_dimension, tiled)
    return ShapedArray(shape, x.dtype, x.weak_type, _drop(x, axis_name))


@abstract_eval_rules.register(psum_scatter_p)
def _psum_scatter_rule(x, *, axis_index_groups, axis_name, axis_size, scatter_dimension, tiled):
    return ShapedArray(
        _scattered_shape(x.shape, axis_size, scatter_dimension, tiled),
        x.dtype,
        x.weak_type,
        _add(x, axis_name),
    )


def _scattered_shape(shape, size: int, dimension: int, tiled: bool) -> tuple:
    """Tiled: the dimension divided by the group size; untiled (it is the size): dropped."""
    shape = list(shape)
    if tiled:
        shape[dimension] //= size
    else:
        del shape[dimension]
    return tuple(shape)


@abstract_eval_rules.register(all_to_all_p)
def _all_to_all_rule(x, *, axis_index_groups, axis_name, concat_axis, split_axis, tiled):
    axes = as_axes(axis_name)
    size = _axes_size(axes, axis_index_groups)
    shape = list(x.shape)
    shape[split_axis] //= size
    shape[concat_axis] *= size
    return ShapedArray(tuple(shape), x.dtype, False, _add(x, axes))  # strong, as JAX's


@abstract_eval_rules.register(ppermute_p)
def _ppermute_rule(x, *, axis_name, perm):
    return x.update(vma=_add(x, axis_name))


@abstract_eval_rules.register(axis_index_p)
def _axis_index_rule(*, axis_name):
    return ShapedArray(
        (), dtypes.int32, False, _add(ShapedArray((), dtypes.int32), as_axes(axis_name))
    )


# ---------------------------------------------------------------------------------------------
# Lowering.


def _env(ctx: LoweringRuleContext):
    envs = ctx.module_ctx.axis_envs
    assert envs, f"{ctx.primitive.name} lowered outside a manual computation"
    return envs[-1]


def _groups_attr(ctx, axes, index_groups) -> ir.DenseIntElementsAttr:
    groups = np.asarray(replica_groups(_env(ctx).mesh, axes, index_groups), dtype=np.int64)
    return ir.DenseIntElementsAttr.get(groups)


def _channel(ctx):
    return hlo.ChannelHandle.get(ctx.module_ctx.next_channel(), 1)


def _reducer_region(ctx, op, builder, dtype):
    scalar = ctx.module_ctx.types.tensor((), dtype)
    block = op.regions[0].blocks.append(scalar, scalar)
    with ir.InsertionPoint(block):
        hlo.ReturnOp([builder(*block.arguments).result])


def _all_reduce_lowering(builder, ctx, x, *, axes, axis_index_groups):
    op = hlo.AllReduceOp(
        [ctx.result_type],
        [x],
        _groups_attr(ctx, axes, axis_index_groups),
        channel_handle=_channel(ctx),
        use_global_device_ids=True,
    )
    _reducer_region(ctx, op, builder, ctx.avals_in[0].dtype)
    return op.results[0]


lowering_rules.register(psum_p, functools.partial(_all_reduce_lowering, hlo.AddOp))
lowering_rules.register(
    psum_invariant_p,
    functools.partial(_all_reduce_lowering, hlo.AddOp, axis_index_groups=None),
)
lowering_rules.register(pmax_p, functools.partial(_all_reduce_lowering, hlo.MaxOp))
lowering_rules.register(pmin_p, functools.partial(_all_reduce_lowering, hlo.MinOp))
lowering_rules.register(pvary_p, lambda ctx, x, *, axes: x)


def _all_gather_lowering(
    ctx, x, *, all_gather_dimension, axis_name, axis_index_groups, axis_size, tiled
):
    aval, axes, axis = ctx.avals_in[0], axis_name, all_gather_dimension
    if tiled and not aval.shape[axis]:  # as JAX: refused when lowered (a dead one is not)
        raise MeshjitValueError(
            f"all_gather over {axes}: gathered dimension {axis} of {aval.str_long()} has size "
            "0; the dimension size of operand at 'all_gather_dim' cannot be zero",
            ctx.source,
        )
    if not tiled:
        shape = aval.shape[:axis] + (1,) + aval.shape[axis:]
        dims = [d for d in range(len(shape)) if d != axis]
        x = hlo.BroadcastInDimOp(ctx.module_ctx.types.tensor(shape, aval.dtype), x, dims).result
    op = hlo.AllGatherOp(
        [ctx.result_type],
        [x],
        axis,
        _groups_attr(ctx, axes, axis_index_groups),
        channel_handle=_channel(ctx),
        use_global_device_ids=True,
    )
    return op.results[0]


lowering_rules.register(all_gather_p, _all_gather_lowering)
lowering_rules.register(
    all_gather_invariant_p,
    lambda ctx, x, **params: _all_gather_lowering(ctx, x, axis_index_groups=None, **params),
)


def _psum_scatter_lowering(
    ctx, x, *, axis_index_groups, axis_name, axis_size, scatter_dimension, tiled
):
    aval, axes, dimension = ctx.avals_in[0], axis_name, scatter_dimension
    if not aval.shape[dimension]:  # as JAX: refused when lowered (a dead one is not)
        raise MeshjitValueError(
            f"psum_scatter over {axes}: scatter dimension {dimension} of {aval.str_long()} "
            "has size 0; the result dimension size at scatter_dimension cannot be zero",
            ctx.source,
        )
    shape = _scattered_shape(aval.shape, axis_size, dimension, True)
    op = hlo.ReduceScatterOp(
        ctx.module_ctx.types.tensor(shape, aval.dtype),
        x,
        dimension,
        _groups_attr(ctx, axes, axis_index_groups),
        channel_handle=_channel(ctx),
        use_global_device_ids=True,
    )
    _reducer_region(ctx, op, hlo.AddOp, ctx.avals_in[0].dtype)
    return op.result if tiled else hlo.ReshapeOp(ctx.result_type, op.result).result


lowering_rules.register(psum_scatter_p, _psum_scatter_lowering)


def _all_to_all_lowering(ctx, x, *, axis_index_groups, axis_name, concat_axis, split_axis, tiled):
    axes = as_axes(axis_name)
    size = len(axis_index_groups[0]) if axis_index_groups else _env(ctx).size(axes)
    if size == 1:
        return x
    op = hlo.AllToAllOp(
        [x],
        split_axis,
        concat_axis,
        size,
        _groups_attr(ctx, axes, axis_index_groups),
        channel_handle=_channel(ctx),
        results=[ctx.result_type],
    )
    return op.results[0]


lowering_rules.register(all_to_all_p, _all_to_all_lowering)


def _staged_as_jax() -> bool:
    """Whether JAX would stage the collective bound now, not run it op by op: some enclosing
    trace is a jit's, a loop's or a branch's. meshjit traces a shard_map's body (and runs an
    eager one as a jit of it) and an eager checkpoint, where JAX evaluates them op by op."""
    trace = current_trace()
    while trace is not None:
        if callable(trace.kind):  # an eager shard_map's body: JAX's runs op by op
            return False
        body = trace.axis_env is not None and (
            trace.parent is None or trace.parent.axis_env is not trace.axis_env
        )
        remat = trace.debug is not None and trace.debug.traced_for == "checkpoint / remat"
        if trace.kind is None and trace.known is None and not body and not remat:
            return True
        trace = trace.parent
    return False


def _check_unique_perm(perm, given, axes, size) -> None:
    """JAX's check, on the wrapped indices, before any other of the permutation's."""
    sources, targets = [s for s, _ in perm], [d for _, d in perm]
    if len(set(sources)) != len(sources) or len(set(targets)) != len(targets):
        raise MeshjitValueError(
            f"ppermute sources and destinations must be unique, got {given}. (ppermute over "
            f"{axes} (size {size}): each source and destination must appear at most once)"
        )


def _ppermute_lowering(ctx, x, *, axis_name, perm):
    groups = replica_groups(_env(ctx).mesh, axis_name)
    _check_unique_perm(perm, perm, axis_name, len(groups[0]))  # staged: JAX's lowering's check
    pairs = [(g[s], g[d]) for g in groups for s, d in perm]
    attr = ir.DenseIntElementsAttr.get(np.asarray(pairs, dtype=np.int64).reshape(-1, 2))
    op = hlo.CollectivePermuteOp(x, attr, channel_handle=_channel(ctx), results=[ctx.result_type])
    return op.result


lowering_rules.register(ppermute_p, _ppermute_lowering)


def _axis_index_lowering(ctx, *, axis_name):
    env, axes = _env(ctx), as_axes(axis_name)
    free = tuple(a for a in env.mesh.axis_names if a not in env.manual)
    if free:
        return _in_full_manual(ctx, env.mesh, free, lambda: _axis_index_value(ctx, env.mesh, axes))
    return _axis_index_value(ctx, env.mesh, axes)


def _in_full_manual(ctx, mesh, free, build):
    """Emits `build()` inside a manual computation over the `free` axes.

    XLA rejects partition_id where some mesh axes are still automatic (it cannot tell what
    is replicated), so in a partial-manual body the index is computed fully manual, as JAX does.
    """
    name = ctx.module_ctx.mesh_symbol(mesh.mesh_shape)
    replicated = sharding_per_value_attr([TensorSharding(name, ())])
    axes_attr = sdy.ManualAxesAttr.get([ir.StringAttr.get(a) for a in free])
    op = sdy.ManualComputationOp(
        [ctx.result_type], [], sharding_per_value_attr([]), replicated, axes_attr
    )
    block = op.body.blocks.append()
    with ir.InsertionPoint(block):
        sdy.ReturnOp([build()])
    return op.results[0]


def _axis_index_value(ctx, mesh, axes):
    types = ctx.module_ctx.types
    pid = hlo.PartitionIdOp().result
    total = None
    for axis in axes:
        index = _mesh_coordinate(ctx, pid, mesh, axis)
        if total is not None:
            scale = _u32(ctx, mesh.shape[axis])
            total = hlo.AddOp(hlo.MulOp(total, scale).result, index).result
        else:
            total = index
    return hlo.ConvertOp(types.tensor((), dtypes.int32), total).result


def _mesh_coordinate(ctx, pid, mesh, axis):
    """(partition_id / product of the sizes of the axes after `axis`) % size(axis)."""
    names = mesh.axis_names
    inner = 1
    for later in names[names.index(axis) + 1 :]:
        inner *= mesh.shape[later]
    value = hlo.DivOp(pid, _u32(ctx, inner)).result if inner > 1 else pid
    return hlo.RemOp(value, _u32(ctx, mesh.shape[axis])).result


def _u32(ctx, value):
    return ctx.constant(value, np.uint32)


lowering_rules.register(axis_index_p, _axis_index_lowering)


# ---------------------------------------------------------------------------------------------
# jvp and transpose.

for _prim in (
    psum_p,
    psum_invariant_p,
    pvary_p,
    all_gather_p,
    all_gather_invariant_p,
    psum_scatter_p,
    all_to_all_p,
    ppermute_p,
):
    linear_jvp(_prim)


def _partial_axes(ct, axes) -> tuple[str, ...]:
    """The axes among `axes` over which the cotangent is a partial sum still to be taken (all of
    them with check_vma=False: untyped cotangents are per-device, and psum transposes to psum)."""
    if not vma_checked():
        return tuple(axes)
    vma = aval_of(ct).vma
    vmapped = vmapped_names()  # untyped: every example's cotangent is its own, as in JAX
    return tuple(a for a in axes if a in vma or a in vmapped)


@transpose_rules.register(psum_p)
def _psum_transpose(ct, x, *, axes, axis_index_groups):
    partial = _partial_axes(ct, axes)
    if partial:
        ct = bind_psum(ct, partial, axis_index_groups)
    return [_per_device(ct, axes)]


@transpose_rules.register(psum_invariant_p)
def _psum_invariant_transpose(ct, x, *, axes):
    return _psum_transpose(ct, x, axes=axes, axis_index_groups=None)


def _per_device(ct, axes):
    """Types a cotangent as one contribution per device along `axes` (no data moves): for an
    operand invariant over them, the contributions are then summed (see ad.match_vma)."""
    if not vma_checked():
        return ct
    vary = tuple(a for a in axes if a not in aval_of(ct).vma)
    return pvary_p.bind(ct, axes=vary) if vary else ct


@transpose_rules.register(pvary_p)
def _pvary_transpose(ct, x, *, axes):
    return [bind_psum(ct, axes)]


# pmax / pmin have no jvp rule, as in JAX 0.10.2: differentiating one raises JAX's
# NotImplementedError ("Differentiation rule for 'pmax' not implemented").


@transpose_rules.register(all_gather_p)
def _all_gather_transpose(
    ct, x, *, all_gather_dimension, axis_name, axis_index_groups, axis_size, tiled
):
    # The result varies over the axes, so its cotangent holds one contribution per device
    # (also when it is typed invariant: every device contributes that same value), summed by
    # the reduce-scatter, as in JAX.
    out = psum_scatter_p.bind(
        ct,
        axis_index_groups=axis_index_groups,
        axis_name=axis_name,
        axis_size=axis_size,
        scatter_dimension=all_gather_dimension,
        tiled=tiled,
    )
    return [out]


@transpose_rules.register(all_gather_invariant_p)
def _all_gather_invariant_transpose(ct, x, *, all_gather_dimension, axis_name, axis_size, tiled):
    axes, size, axis = axis_name, axis_size, all_gather_dimension
    # The result is invariant over the axes: its cotangent is the total (partial sums over
    # them are summed first), and each device's operand gets its own slice of it, as in JAX.
    # With check_vma=False JAX slices the per-device cotangent as it is.
    if vma_checked():
        partial = tuple(a for a in axes if a in aval_of(ct).vma)
        if partial:
            ct = bind_psum(ct, partial)
    block = aval_of(ct).shape[axis] // size
    start = elementwise.mul(axis_index_p.bind(axis_name=axis_name), np.int32(block))
    out = slicing.dynamic_slice_in_dim(ct, start, block, axis)
    return [out if tiled else shapes.reshape(out, x.aval.shape)]


@transpose_rules.register(psum_scatter_p)
def _psum_scatter_transpose(
    ct, x, *, axis_index_groups, axis_name, axis_size, scatter_dimension, tiled
):
    out = all_gather_p.bind(
        ct,
        all_gather_dimension=scatter_dimension,
        axis_name=axis_name,
        axis_index_groups=axis_index_groups,
        axis_size=axis_size,
        tiled=tiled,
    )
    return [_per_device(out, axis_name)]


@transpose_rules.register(all_to_all_p)
def _all_to_all_transpose(ct, x, *, axis_index_groups, axis_name, concat_axis, split_axis, tiled):
    return [_bind_all_to_all(ct, axis_name, axis_index_groups, concat_axis, split_axis, tiled)]


@transpose_rules.register(ppermute_p)
def _ppermute_transpose(ct, x, *, axis_name, perm):
    return [ppermute_p.bind(ct, axis_name=axis_name, perm=tuple((dst, src) for src, dst in perm))]


# ---------------------------------------------------------------------------------------------
# Batching, as JAX's lax/parallel.py: over vmap's axis_name a collective acts across the mapped
# axis, computed locally; over other axes it is bound again, the mapped axis kept. A tuple
# mixing the vmapped name and mesh axes does both (for the reductions and axis_index).

axis_rules.update(
    (psum_p, psum_invariant_p, pmax_p, pmin_p, pvary_p, all_gather_p, all_gather_invariant_p, psum_scatter_p,
     all_to_all_p, ppermute_p, axis_index_p)
)  # fmt: skip


def _split_axes(axes, what: str, axis_index_groups=None):
    """(whether the vmapped name is among `axes`, the other axes)."""
    name = current_axis().name
    if name is None or name not in axes:
        return False, tuple(axes)
    if axis_index_groups is not None:
        raise MeshjitValueError(f"{what} over vmap axis {name!r} does not take axis_index_groups")
    return True, tuple(a for a in axes if a != name)


def _only_vmapped(axes, what: str):
    mine, rest = _split_axes(axes, what)
    if mine and rest:
        raise MeshjitNotImplementedError(
            f"{what} over axes {axes} mixing vmap axis {current_axis().name!r} with mesh axes "
            "is not supported; apply it to each in turn"
        )
    return mine


_LOCAL_REDUCERS = {"pmax": reductions.reduce_max, "pmin": reductions.reduce_min}


def _all_reduce_batcher(prim):
    @batching_rules.register(prim)
    def rule(args, dims, *, axes, **groups):  # psum_invariant has no axis_index_groups
        (x,), (d,) = args, dims
        mine, rest = _split_axes(axes, prim.name, groups.get("axis_index_groups"))
        if not mine:
            return prim.bind(x, axes=axes, **groups), d
        if prim in (psum_p, psum_invariant_p):
            x = _sum_examples(x, d)
        elif d is not None:
            x = _LOCAL_REDUCERS[prim.name](x, (d,))
        if rest:
            x = prim.bind(x, axes=rest, **groups)
        return x, None


for _prim in (psum_p, psum_invariant_p, pmax_p, pmin_p):
    _all_reduce_batcher(_prim)


@batching_rules.register(pvary_p)
def _pvary_batcher(args, dims, *, axes):
    (x,), (d,) = args, dims
    _, rest = _split_axes(axes, "pvary")
    return (pvary_p.bind(x, axes=rest) if rest else x), d


@batching_rules.register(axis_index_p)
def _axis_index_batcher(args, dims, *, axis_name):
    axis, axes = current_axis(), as_axes(axis_name)
    mine, _ = _split_axes(axes, "axis_index")
    if not mine:
        return axis_index_p.bind(axis_name=axis_name), None
    # row-major over the axes as listed: index = sum(index(a) * sizes of the later axes)
    total = None
    for a in axes:
        if a == axis.name:
            index, size = shapes.iota(dtypes.int32, axis.size), axis.size
        else:
            index, size = axis_index_p.bind(axis_name=a), _mesh_axis_size(a)
        total = (
            index
            if total is None
            else elementwise.add(elementwise.mul(total, np.int32(size)), index)
        )
    return total, 0 if abstractify(total).shape else None


def _mesh_axis_size(name) -> int:
    trace = current_trace()
    vmapped = trace.vmap_axes if trace is not None else {}
    if name in vmapped:
        return vmapped[name]
    return trace.axis_env.mesh.shape[name]


def _gather_batcher(prim):
    @batching_rules.register(prim)
    def rule(args, dims, *, all_gather_dimension, axis_name, axis_size, tiled, **params):
        (x,), (d,) = args, dims
        axes, size, axis = axis_name, axis_size, all_gather_dimension
        mine, _ = _split_axes(axes, prim.name, params.get("axis_index_groups"))
        if not mine:  # the gathered axis goes where it goes in an example, past the batch dim
            at = _shifted(axis, d)
            out = prim.bind(
                x, all_gather_dimension=at, axis_name=axes, axis_size=size, tiled=tiled, **params
            )
            return out, (d + 1 if d is not None and not tiled and at <= d else d)
        # One untiled gather per axis, minor first, each inserting its axis at `axis` (so the
        # first-named axis ends up major), then the gathered axes are merged into one.
        for name in reversed(axes):
            x, d = _gather_one(prim, x, d, name, axis)
        shape = list(abstractify(x).shape)
        merged = len(axes) + (1 if tiled else 0)
        shape[axis : axis + merged] = [math.prod(shape[axis : axis + merged])]
        return shapes.reshape(x, shape), None


def _gather_one(prim, x, d, name, axis):
    """x (mapped along d) gathered over one axis, untiled, the new axis inserted at `axis`."""
    vmapped = current_axis()
    if name == vmapped.name:  # every example gets the stack of all of them
        return moveaxis(move_to_front(x, d, vmapped.size), 0, axis), None
    at = _shifted(axis, d)
    params = {} if prim is all_gather_invariant_p else {"axis_index_groups": None}
    size = _mesh_axis_size(name)
    out = prim.bind(
        x, all_gather_dimension=at, axis_name=(name,), axis_size=size, tiled=False, **params
    )
    return out, (None if d is None else d + 1 if at <= d else d)


_gather_batcher(all_gather_p)
_gather_batcher(all_gather_invariant_p)


@batching_rules.register(psum_scatter_p)
def _psum_scatter_batcher(
    args, dims, *, axis_index_groups, axis_name, axis_size, scatter_dimension, tiled
):
    (x,), (d,) = args, dims
    size, dimension = axis_size, scatter_dimension
    if not _only_vmapped(axis_name, "psum_scatter"):
        params = dict(axis_index_groups=axis_index_groups, axis_name=axis_name, tiled=tiled)
        at = _shifted(dimension, d)
        return psum_scatter_p.bind(x, axis_size=size, scatter_dimension=at, **params), d
    total = _sum_examples(x, d)
    if not tiled:  # the dimension is the group's: example i gets row i
        return total, dimension
    shape = list(abstractify(total).shape)
    shape[dimension : dimension + 1] = [size, shape[dimension] // size]
    return shapes.reshape(total, shape), dimension  # example i gets block i


def _sum_examples(x, d):
    if d is not None:
        return reductions.reduce_sum(x, (d,))
    aval, size = abstractify(x), current_axis().size  # JAX's `size * x`, weak if x is
    return elementwise.mul(
        _weak_scalar(x, size) if aval.weak_type else np.asarray(size, aval.dtype), x
    )


def _shifted(dim: int, d) -> int:
    return dim if d is None or dim < d else dim + 1


@batching_rules.register(all_to_all_p)
def _all_to_all_batcher(
    args, dims, *, axis_index_groups, axis_name, concat_axis, split_axis, tiled
):
    (x,), (d,) = args, dims
    axes = as_axes(axis_name)
    mine, _ = _split_axes(axes, "all_to_all", axis_index_groups)
    if not mine:
        split, concat = _shifted(split_axis, d), _shifted(concat_axis, d)
        return _bind_all_to_all(x, axis_name, axis_index_groups, split, concat, tiled), d
    pos = axes.index(current_axis().name)
    major, minor = axes[:pos], axes[pos + 1 :]
    x = _chunks_by_destination(x, d, split_axis, major, minor)
    x = _exchange(x, 1, major)
    x = _exchange(x, 2, minor)
    return _sources_into(x, concat_axis), 0


def _chunks_by_destination(x, d, split_axis, major, minor):
    """(destination example, major, minor chunk, source example, per-example dims): the split
    axis cut in chunks numbered row-major over (major axes, the vmapped axis, minor axes)."""
    v = current_axis().size
    x = move_to_front(x, d, v)  # the source example in front
    shape = list(abstractify(x).shape)
    s = 1 + split_axis
    sizes = [_group_size(major), v, _group_size(minor)]
    shape[s : s + 1] = sizes + [shape[s] // math.prod(sizes)]
    x = shapes.reshape(x, shape)
    rest = [i for i in range(len(shape)) if i not in (0, s, s + 1, s + 2)]
    return shapes.transpose(x, (s + 1, s, s + 2, 0, *rest))


def _group_size(axes) -> int:
    return math.prod(_mesh_axis_size(a) for a in axes)


def _exchange(x, dim: int, axes):
    """Chunk k of `dim` sent to device k over `axes`; the dim then numbers the source device."""
    if not axes:
        return x
    return _bind_all_to_all(x, tuple(axes), None, dim, dim, True)


def _sources_into(x, concat_axis):
    """(example, source major, source minor, source example, dims...) -> the sources row-major
    (major, example, minor) merged in front of the concat axis."""
    ndim = abstractify(x).ndim
    c = 4 + concat_axis
    order = (0, *range(4, c), 1, 3, 2, *range(c, ndim))
    x = shapes.transpose(x, order)
    shape = list(abstractify(x).shape)
    at = c - 3
    shape[at : at + 4] = [math.prod(shape[at : at + 4])]
    return shapes.reshape(x, shape)


def _not_whole_permutation(axis, size: int, perm) -> MeshjitAssertionError:
    return MeshjitAssertionError(  # JAX's words (its batching rule asserts it)
        f"Permutation doesn't match the axis size! (ppermute over vmap axis {axis!r} of size "
        f"{size} needs a permutation of all its {size} indices, got {perm})"
    )


@batching_rules.register(ppermute_p)
def _ppermute_batcher(args, dims, *, axis_name, perm):
    (x,), (d,) = args, dims
    if not _only_vmapped(axis_name, "ppermute"):
        return ppermute_p.bind(x, axis_name=axis_name, perm=perm), d
    n = current_axis().size
    if len(perm) != n:
        raise _not_whole_permutation(current_axis().name, n, perm)
    x = move_to_front(x, d, n)
    source = {dst: src for src, dst in perm}  # as JAX's: an index no pair sends to gets row 0
    rows = [slicing.slice_in_dim(x, source.get(i, 0), source.get(i, 0) + 1) for i in range(n)]
    return shapes.concatenate(rows, 0), 0
