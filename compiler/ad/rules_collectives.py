"""jvp and transpose rules of sharding constraints, collectives, nested jit and shard_map.

Transpose pairs (jax-conventions.md): psum (invariant result) <-> pvary; all_gather <->
psum_scatter; ppermute -> ppermute with the inverse permutation; all_to_all -> all_to_all with
split and concat swapped; with_sharding_constraint -> itself; all_gather_invariant (invariant
result) -> each device's own slice of the cotangent (a dynamic_slice at its axis_index).

pjit and shard_map are linearized inside their jvp rule: one call computes the primal outputs
and the residuals, a second one (linear in the tangents) the output tangents, so the outer
linearization can keep the first in the forward pass and transpose the second.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler.ad.rules import linear_jvp
from meshjit.compiler.ad.transform import (
    aval_of,
    defjvp,
    deftranspose,
    eval_closed,
    is_undefined,
    linearize_jaxpr,
    trace_to_jaxpr,
    transpose_jaxpr,
    vma_checked,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, ShapedArray
from meshjit.compiler.lax import wrappers as lax
from meshjit.compiler.lax.primitives import pjit_p
from meshjit.compiler.parallel import collectives as cl
from meshjit.compiler.parallel.axis_env import AxisEnv
from meshjit.compiler.parallel.shard_map import shard_map_p
from meshjit.compiler.parallel.sharding import PartitionSpec
from meshjit.compiler.parallel.sharding_ops import sharding_constraint_p
from meshjit.compiler.trace.tracing import current_trace

linear_jvp(sharding_constraint_p)


@deftranspose(sharding_constraint_p)
def _sharding_constraint_transpose(ct, x, *, sharding):
    return [sharding_constraint_p.bind(ct, sharding=sharding)]


def closure_convert(closed: ClosedJaxpr) -> tuple[list, ClosedJaxpr]:
    """(consts, the jaxpr taking them as leading arguments)."""
    j = closed.jaxpr
    converted = Jaxpr([], j.constvars + j.invars, j.outvars, j.eqns)
    return list(closed.consts), ClosedJaxpr(converted, [])


# ---------------------------------------------------------------------------------------------
# Collectives.

for _prim in (
    cl.psum_p,
    cl.pvary_p,
    cl.all_gather_p,
    cl.all_gather_invariant_p,
    cl.psum_scatter_p,
    cl.all_to_all_p,
    cl.ppermute_p,
):
    linear_jvp(_prim)


def _partial_axes(ct, axes) -> tuple[str, ...]:
    """The axes among `axes` over which the cotangent is a partial sum still to be taken (all of
    them with check_vma=False: untyped cotangents are per-device, and psum transposes to psum)."""
    if not vma_checked():
        return tuple(axes)
    vma = aval_of(ct).vma
    return tuple(a for a in axes if a in vma)


@deftranspose(cl.psum_p)
def _psum_transpose(ct, x, *, axes, axis_index_groups):
    partial = _partial_axes(ct, axes)
    if partial:
        ct = cl.psum_p.bind(ct, axes=partial, axis_index_groups=axis_index_groups)
    return [_per_device(ct, axes)]


def _per_device(ct, axes):
    """Types a cotangent as one contribution per device along `axes` (no data moves): for an
    operand invariant over them, the contributions are then summed (see ad.match_vma)."""
    if not vma_checked():
        return ct
    vary = tuple(a for a in axes if a not in aval_of(ct).vma)
    return cl.pvary_p.bind(ct, axes=vary) if vary else ct


@deftranspose(cl.pvary_p)
def _pvary_transpose(ct, x, *, axes):
    return [cl.psum_p.bind(ct, axes=axes, axis_index_groups=None)]


def _pextremum_jvp(prim):
    """pmax / pmin: the mean of the tangents of the devices holding the extremum."""

    def rule(primals, tangents, *, axes, axis_index_groups):
        (x,), (t,) = primals, tangents
        out = prim.bind(x, axes=axes, axis_index_groups=axis_index_groups)
        hits = lax.convert_element_type(lax.eq(x, out), aval_of(x).dtype)
        groups = dict(axes=axes, axis_index_groups=axis_index_groups)
        total = cl.psum_p.bind(lax.mul(t, hits), **groups)
        return out, lax.div(total, cl.psum_p.bind(hits, **groups))

    defjvp(prim)(rule)


_pextremum_jvp(cl.pmax_p)
_pextremum_jvp(cl.pmin_p)


@deftranspose(cl.all_gather_p)
def _all_gather_transpose(ct, x, *, axes, axis_index_groups, size, axis, tiled):
    # The result varies over the axes, so its cotangent holds one contribution per device
    # (also when it is typed invariant: every device contributes that same value), summed by
    # the reduce-scatter, as in JAX.
    out = cl.psum_scatter_p.bind(
        ct, axes=axes, axis_index_groups=axis_index_groups, size=size, dimension=axis
    )
    return [out if tiled else lax.reshape(out, x.aval.shape)]


@deftranspose(cl.all_gather_invariant_p)
def _all_gather_invariant_transpose(ct, x, *, axes, size, axis, tiled):
    # The result is invariant over the axes: its cotangent is the total (partial sums over
    # them are summed first), and each device's operand gets its own slice of it, as in JAX.
    # With check_vma=False JAX slices the per-device cotangent as it is.
    if vma_checked():
        partial = tuple(a for a in axes if a in aval_of(ct).vma)
        if partial:
            ct = cl.psum_p.bind(ct, axes=partial, axis_index_groups=None)
    block = aval_of(ct).shape[axis] // size
    start = lax.mul(cl.axis_index_p.bind(axes=axes), np.int32(block))
    out = lax.dynamic_slice_in_dim(ct, start, block, axis)
    return [out if tiled else lax.reshape(out, x.aval.shape)]


@deftranspose(cl.psum_scatter_p)
def _psum_scatter_transpose(ct, x, *, axes, axis_index_groups, size, dimension):
    out = cl.all_gather_p.bind(
        ct, axes=axes, axis_index_groups=axis_index_groups, size=size, axis=dimension, tiled=True
    )
    return [_per_device(out, axes)]


@deftranspose(cl.all_to_all_p)
def _all_to_all_transpose(ct, x, *, axes, axis_index_groups, size, split_axis, concat_axis):
    out = cl.all_to_all_p.bind(
        ct,
        axes=axes,
        axis_index_groups=axis_index_groups,
        size=size,
        split_axis=concat_axis,
        concat_axis=split_axis,
    )
    return [out]


@deftranspose(cl.ppermute_p)
def _ppermute_transpose(ct, x, *, axes, perm):
    return [cl.ppermute_p.bind(ct, axes=axes, perm=tuple((dst, src) for src, dst in perm))]


# ---------------------------------------------------------------------------------------------
# Nested jit.


@defjvp(pjit_p)
def _pjit_jvp(primals, tangents, *, jaxpr, name):
    nonzeros = [t is not None for t in tangents]
    ts = [t for t in tangents if t is not None]
    lin = linearize_jaxpr(jaxpr, nonzeros, [aval_of(t) for t in ts])
    consts, fwd = closure_convert(lin.fwd)
    outs = pjit_p.bind(*consts, *primals, jaxpr=fwd, name=name)
    n = len(jaxpr.out_avals)
    touts = pjit_p.bind(*outs[n:], *ts, jaxpr=lin.lin, name=f"jvp_{name}")
    return outs[:n], touts


@deftranspose(pjit_p)
def _pjit_transpose(cts, *args, jaxpr, name):
    linear = [is_undefined(a) for a in args]
    bwd = transpose_jaxpr(jaxpr, linear, [None if ct is None else aval_of(ct) for ct in cts])
    consts, bwd = closure_convert(bwd)
    known = [a for a in args if not is_undefined(a)]
    given = [ct for ct in cts if ct is not None]
    outs = iter(pjit_p.bind(*consts, *known, *given, jaxpr=bwd, name=f"transpose_{name}"))
    return [next(outs) if lin else None for lin in linear]


# ---------------------------------------------------------------------------------------------
# shard_map. Residuals leave the forward shard_map and enter the linear one as blocks stacked
# over the manual axes they vary over (unstacked inside), so each device gets its own back.


def _body_env(mesh, manual_axes, check_vma) -> AxisEnv:
    outer = current_trace().axis_env
    manual = (outer.manual if outer is not None else ()) + tuple(manual_axes)
    ordered = tuple(a for a in mesh.axis_names if a in manual)
    return AxisEnv(mesh.abstract_mesh, ordered, check_vma)


def _stacking_axes(aval: ShapedArray, manual_axes, check_vma) -> tuple[str, ...]:
    return tuple(a for a in manual_axes if a in aval.vma or not check_vma)


def _residual_layout(res_avals, manual_axes, check_vma):
    """Per residual: its out/in spec and its aval inside the linear body."""
    specs, avals = [], []
    for aval in res_avals:
        axes = _stacking_axes(aval, manual_axes, check_vma)
        specs.append(PartitionSpec(axes) if axes else PartitionSpec())
        avals.append(aval.update(shape=(1,) + aval.shape) if axes else aval)
    return specs, avals


def _stack(x, spec):
    return lax.reshape(x, (1,) + aval_of(x).shape) if len(spec) else x


def _unstack(x, spec):
    return lax.reshape(x, aval_of(x).shape[1:]) if len(spec) else x


@defjvp(shard_map_p)
def _shard_map_jvp(primals, tangents, *, jaxpr, in_specs, out_specs, **params):
    env = _body_env(params["mesh"], params["manual_axes"], params["check_vma"])
    nonzeros = [t is not None for t in tangents]
    ts = [t for t in tangents if t is not None]
    t_avals = [a for a, nz in zip(jaxpr.in_avals, nonzeros) if nz]
    lin = linearize_jaxpr(jaxpr, nonzeros, t_avals, env)
    res_specs, res_avals = _residual_layout(
        lin.res_avals, params["manual_axes"], params["check_vma"]
    )
    n = len(jaxpr.out_avals)

    def forward(*xs):
        outs = eval_closed(lin.fwd, xs)
        return outs[:n] + [_stack(r, s) for r, s in zip(outs[n:], res_specs)]

    consts, fwd = closure_convert(trace_to_jaxpr(forward, jaxpr.in_avals, env))
    outs = shard_map_p.bind(
        *consts,
        *primals,
        jaxpr=fwd,
        in_specs=(PartitionSpec(),) * len(consts) + tuple(in_specs),
        out_specs=tuple(out_specs) + tuple(res_specs),
        **params,
    )

    def linear(*xs):
        res = [_unstack(r, s) for r, s in zip(xs, res_specs)]
        return eval_closed(lin.lin, res + list(xs[len(res) :]))

    consts, lin_body = closure_convert(trace_to_jaxpr(linear, res_avals + t_avals, env))
    t_specs = [s for s, nz in zip(in_specs, nonzeros) if nz]
    touts = shard_map_p.bind(
        *consts,
        *outs[n:],
        *ts,
        jaxpr=lin_body,
        in_specs=(PartitionSpec(),) * len(consts) + tuple(res_specs) + tuple(t_specs),
        out_specs=tuple(out_specs),
        **params,
    )
    return outs[:n], touts


def _local_vma(x, spec: PartitionSpec, check_vma: bool) -> frozenset:
    """The varying axes of a block of `x` passed into a shard_map with `spec`."""
    if not check_vma:
        return frozenset()
    named = [a for i in range(aval_of(x).ndim) for a in spec.axes_of(i)]
    return aval_of(x).vma | frozenset(named)


@deftranspose(shard_map_p)
def _shard_map_transpose(cts, *args, jaxpr, in_specs, out_specs, **params):
    env = _body_env(params["mesh"], params["manual_axes"], params["check_vma"])
    linear = [is_undefined(a) for a in args]
    ct_avals = [
        None if ct is None else a.update(vma=_local_vma(ct, s, params["check_vma"]))
        for a, s, ct in zip(jaxpr.out_avals, out_specs, cts)
    ]
    bwd = transpose_jaxpr(jaxpr, linear, ct_avals, env)
    known = [a for a in args if not is_undefined(a)]
    known_specs = [s for s, lin in zip(in_specs, linear) if not lin]
    ct_specs = [s for s, ct in zip(out_specs, cts) if ct is not None]
    if not params["check_vma"]:
        lin_specs = [s for s, lin in zip(in_specs, linear) if lin]
        bwd = _untyped_transpose(bwd, len(known), ct_specs, lin_specs, params["manual_axes"], env)
    consts, bwd = closure_convert(bwd)
    outs = iter(
        shard_map_p.bind(
            *consts,
            *known,
            *[ct for ct in cts if ct is not None],
            jaxpr=bwd,
            in_specs=(PartitionSpec(),) * len(consts) + tuple(known_specs) + tuple(ct_specs),
            out_specs=tuple(s for s, lin in zip(in_specs, linear) if lin),
            **params,
        )
    )
    return [next(outs) if lin else None for lin in linear]


def _unnamed(spec: PartitionSpec, manual_axes) -> tuple[str, ...]:
    named = {a for i in range(len(spec)) for a in spec.axes_of(i)}
    return tuple(a for a in manual_axes if a not in named)


def _untyped_transpose(bwd: ClosedJaxpr, n_known, ct_specs, lin_specs, manual_axes, env):
    """check_vma=False, as JAX: nothing says which values are replicated, so an output
    replicated over manual axes (not in its out_spec) shares its cotangent evenly among their
    devices, and an input replicated over manual axes gets the sum of its devices' cotangents."""

    def fun(*args):
        cts = [
            _share(ct, env.size(_unnamed(s, manual_axes)))
            for ct, s in zip(args[n_known:], ct_specs)
        ]
        outs = eval_closed(bwd, list(args[:n_known]) + cts)
        return [_sum_over(ct, _unnamed(s, manual_axes)) for ct, s in zip(outs, lin_specs)]

    return trace_to_jaxpr(fun, bwd.in_avals, env)


def _share(ct, count: int):
    dtype = aval_of(ct).dtype
    if count == 1 or not dtypes.is_float(dtype):
        return ct
    return lax.div(ct, np.asarray(count, dtype))


def _sum_over(ct, axes):
    if not axes or not dtypes.is_float(aval_of(ct).dtype):
        return ct
    return cl.psum_p.bind(ct, axes=axes, axis_index_groups=None)
