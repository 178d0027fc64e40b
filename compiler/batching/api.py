"""`vmap`: the user API over the batching interpreter (compiler/lax/batching.py).

`vmap(f)(*args)` traces `f` once at the per-example avals (the mapped axis removed), then
evaluates the jaxpr with every primitive's batching rule, binding into the current trace (or
eagerly outside one), as autodiff does (ad/transform.py). Collectives over `axis_name` then act
across the mapped axis; the name is bound while `f` is traced (`Trace.vmap_axes`).
"""

from __future__ import annotations

import contextlib
import functools
import inspect

from meshjit.compiler.ad.api import run
from meshjit.compiler.api_util import check_callable
from meshjit.compiler.config import config
from meshjit.compiler.errors import (
    MeshjitTypeError,
    MeshjitValueError,
    enter_source,
    leave_source,
    user_source,
)
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.compiler.lax.batching import (
    BatchAxis,
    BatchTrace,
    batch_eval,
    match_axis,
    unbatched_aval,
)
from meshjit.compiler.trace.tracing import (
    Tracer,
    abstractify,
    abstractify_or_ref,
    current_trace,
    new_trace,
)
from meshjit.compiler.tree_util import (
    broadcast_prefix,
    leaf_paths,
    prefix_error,
    tree_flatten,
    tree_leaves,
    tree_unflatten,
)
from meshjit.dialects.util import gc_paused


def _is_none(x) -> bool:
    return x is None


def _check_axes_spec(spec, what: str):
    for leaf in tree_leaves(spec, is_leaf=_is_none):
        if leaf is not None and type(leaf) is not int:
            raise MeshjitTypeError(
                f"vmap {what} must be an int, None, or (nested) container with those types as "
                f"leaves, but got {spec}."
            )


def vmap(
    fun, in_axes=0, out_axes=0, axis_name=None, axis_size=None, spmd_axis_name=None,
    sum_match=False,
):  # fmt: skip
    """Vectorizing map: `fun` mapped over an axis of its arguments, as JAX's `jax.vmap`.
    `sum_match`: an output mapped where its out_axes is None is summed over the mapped axis
    (JAX's), instead of refused."""
    check_callable(fun)
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)  # as JAX: a list of axes means one per argument
    if not (in_axes is None or type(in_axes) in (int, tuple)):
        raise MeshjitTypeError(
            "vmap in_axes must be an int, None, or a tuple of entries corresponding to the "
            f"positional arguments passed to the function, but got {in_axes}"
        )
    _check_axes_spec(in_axes, "in_axes")
    _check_axes_spec(out_axes, "out_axes")
    if spmd_axis_name is not None and not isinstance(spmd_axis_name, tuple):
        spmd_axis_name = (spmd_axis_name,)

    @functools.wraps(fun)
    def vmap_f(*args, **kwargs):
        if isinstance(in_axes, tuple) and len(in_axes) != len(args):
            raise MeshjitValueError(
                "vmap in_axes must be an int, None, or a tuple of entries corresponding to the "
                f"positional arguments passed to the function, but got len(in_axes)="
                f"{len(in_axes)}, len(args)={len(args)}"
            )
        leaves, in_tree = tree_flatten((args, kwargs))
        dims = _flat_in_axes(in_axes, args, kwargs)
        f, in_tree, leaves, dims, given = _without_static_leaves(fun, in_tree, leaves, dims)
        avals = [abstractify_or_ref(x) for x in leaves]
        trailing = _trailing_dims(*(given or (args, kwargs)))
        dims = _canonical_in_axes(dims, avals, f, in_tree, trailing)
        size = _mapped_size(f, in_tree, avals, dims, axis_size)
        _check_mapped_specs(avals, dims)
        _check_axis_name(axis_name)
        spmd = _spmd_or_explicit(spmd_axis_name, _mapped_axis_spec(avals, dims))
        axis = BatchAxis(axis_name, size, spmd)
        given = given or (args, kwargs)
        outs, odims, out_tree, refs = _batch_call(f, in_tree, leaves, avals, dims, axis, *given)
        wanted = _flat_out_axes(out_axes, out_tree)
        if sum_match:
            outs, odims = _summed_where_unmapped(outs, odims, wanted, refs)
        outs = [
            _move_out_ref(x, d, w, axis, i, out_tree, refs[i][0])
            if i in refs
            else _move_out(x, d, w, axis, i, out_tree)
            for i, (x, d, w) in enumerate(zip(outs, odims, wanted))
        ]
        outs = [outs[refs[i][1]] if i in refs else x for i, x in enumerate(outs)]
        return tree_unflatten(out_tree, outs)

    return vmap_f


def _summed_where_unmapped(outs, odims, wanted, refs):
    """vmap(sum_match=True): each (non-ref) output mapped where out_axes is None, summed over
    its mapped axis."""
    from meshjit.compiler.lax.reductions import reduce_sum  # lax/ sits below batching/

    summed = [
        (reduce_sum(x, (d,)), None) if w is None and d is not None and i not in refs else (x, d)
        for i, (x, d, w) in enumerate(zip(outs, odims, wanted))
    ]
    return [x for x, _ in summed], [d for _, d in summed]


def _mapped_axis_spec(avals, dims):
    """JAX's: the Explicit mesh axes the mapped dimension of every mapped input is sharded
    over (a tuple), or None; inputs sharded otherwise are JAX's ValueError."""
    spec, seen = None, False
    for aval, d in zip(avals, dims):
        if d is None:
            continue
        s = getattr(aval, "sharding", None)
        entry = s.spec[d] if s is not None and d < len(s.spec) else None
        if seen and entry != spec:
            raise MeshjitValueError(
                "Mapped away dimension of inputs passed to vmap should be sharded the same. Got "
                f"inconsistent axis specs: {spec} vs {entry}"
            )
        spec, seen = entry, True
    return (spec,) if spec is not None and not isinstance(spec, tuple) else spec


def _spmd_or_explicit(spmd_axis_name, explicit):
    """As JAX: spmd_axis_name may only name the Explicit axes the inputs are mapped over (it is
    then dropped: the types carry them)."""
    if spmd_axis_name is None or explicit is None:
        return spmd_axis_name
    if spmd_axis_name == explicit:
        return None
    raise MeshjitValueError(
        "Only one of spmd_axis_name or arrays sharded on `Explicit` mesh axis type is allowed. "
        f"Got spmd_axis_name={spmd_axis_name} and arrays sharded on "
        f"explicit_mesh_axis={explicit}"
    )


def _without_static_leaves(fun, in_tree, leaves, dims):
    """Unmapped leaves that are not arrays (a function passed with in_axes=None, as JAX's
    docs pass one through a static jit argument) are closed over, as JAX passes them through
    untraced; the function then takes the other leaves. `given`: None when there were none."""
    static = {
        i: x for i, (x, d) in enumerate(zip(leaves, dims)) if d is None and not _is_array_like(x)
    }
    if not static:
        return fun, in_tree, leaves, dims, None
    kept = [i for i in range(len(leaves)) if i not in static]

    @functools.wraps(fun)
    def with_static(*dynamic):
        full = {**static, **dict(zip(kept, dynamic))}
        args, kwargs = tree_unflatten(in_tree, [full[i] for i in range(len(leaves))])
        return fun(*args, **kwargs)

    dynamic = tuple(leaves[i] for i in kept)
    return (
        with_static,
        tree_flatten((dynamic, {}))[1],
        list(dynamic),
        [dims[i] for i in kept],
        (dynamic, {}),
    )


# ---------------------------------------------------------------------------------------------
# in_axes and out_axes.


def _flat_in_axes(in_axes, args, kwargs) -> list:
    try:
        return broadcast_prefix((in_axes, 0), (args, kwargs), is_leaf=_is_none)
    except (MeshjitTypeError, MeshjitValueError):  # a structure mismatch
        err = MeshjitValueError(_prefix_message("in_axes", in_axes, args))  # JAX's words
        err.add_note(f"got specification {in_axes} for value tree {tree_flatten(args)[1]}")
        raise err from None


def _flat_out_axes(out_axes, out_tree) -> list:
    outs = tree_unflatten(out_tree, [0] * out_tree.num_leaves)
    try:
        return broadcast_prefix(out_axes, outs, is_leaf=_is_none)
    except (MeshjitTypeError, MeshjitValueError):  # a structure mismatch
        err = MeshjitValueError(_prefix_message("out_axes", out_axes, outs))  # JAX's words
        err.add_note(f"got specification {out_axes} for value tree {out_tree}")
        raise err from None


def _prefix_message(what: str, spec, tree) -> str:
    """JAX's words: the first place `spec` is not a prefix of `tree`, by key path."""
    detail = prefix_error(spec, tree, is_leaf=_is_none)
    found = f"\n  Mismatch details (1 found):\n  {detail(f'vmap {what}')}\n" if detail else " "
    return f"vmap {what} specification must be a tree prefix of the corresponding value;{found}"


def _canonical_in_axes(dims, avals, fun, in_tree, trailing) -> list:
    """The mapped axes made nonnegative; a typed key maps over its own axes, not over the words
    of its data (`trailing`: per leaf, the data's trailing dims)."""
    out = []
    for i, (d, aval, t) in enumerate(zip(dims, avals, trailing)):
        ndim, shape = aval.ndim - t, aval.shape[: aval.ndim - t]
        if d is not None and not -ndim <= d < ndim:
            min_rank = d + 1 if d >= 0 else -d
            raise MeshjitValueError(
                f"vmap was requested to map its argument along axis {d}, which implies that its "
                f"rank should be at least {min_rank}, but is only {ndim} (its shape is "
                f"{shape})"  # JAX's words alone: its sentence names no argument
            )
        if d is not None and d % ndim and hasattr(aval, "inner_aval"):  # a ref's type
            raise MeshjitValueError(
                f"vmap maps a mutable array reference along its axis 0 only (or None), got "
                f"axis {d} for {aval} at {_paths(fun, in_tree)[i]}"
            )
        out.append(None if d is None else d % ndim)
    return out


def _trailing_dims(args, kwargs) -> list:
    """Per flat leaf of (args, kwargs): the trailing dims of an opaque array's data, else 0."""
    from meshjit.compiler.numpy.util import opaque_trailing  # numpy sits above batching

    out = []
    for x in tree_leaves((args, kwargs), is_leaf=lambda v: opaque_trailing(v) > 0):
        out += [opaque_trailing(x)] * len(tree_leaves(x))
    return out


def _paths(fun, in_tree) -> list[str]:
    """'argument x', "argument p['w']", "kwargs['k']" for each flat argument, as JAX names them."""
    names = _positional_names(fun)
    out = []
    for path in leaf_paths(in_tree):  # "[0][i]...": positional i; "[1]['k']...": keyword k
        if path.startswith("[1]"):
            out.append(f"kwargs{path[3:]}")
            continue
        index, tail = path[4:].split("]", 1)
        index = int(index)
        name = f"argument {names[index]}" if index < len(names) else f"args[{index}]"
        out.append(name + tail)
    return out


def _positional_names(fun) -> list[str]:
    try:
        params = inspect.signature(fun).parameters.values()
    except (TypeError, ValueError):
        return []
    names = []
    for p in params:
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            break
        names.append(p.name)
    return names


def _mapped_size(fun, in_tree, avals, dims, axis_size) -> int:
    sizes = [None if d is None else a.shape[d] for a, d in zip(avals, dims)]
    found = {s for s in sizes if s is not None}
    if axis_size is not None:
        found.add(axis_size)
    if len(found) == 1:
        return found.pop()
    if not found:
        if not avals:
            args, kwargs = tree_unflatten(in_tree, [None] * in_tree.num_leaves)
            raise MeshjitValueError(  # JAX's words
                "vmap wrapped function must be passed at least one argument containing an array "
                f"or axis_size must be specified, got empty *args={args} and **kwargs={kwargs}"
            )
        raise MeshjitValueError(
            "vmap must have at least one non-None value in in_axes or axis_size must be specified"
        )
    raise MeshjitValueError(_inconsistent_sizes(fun, in_tree, avals, dims, sizes, axis_size))


def _check_mapped_specs(avals, dims) -> None:
    """As JAX: the mapped dimensions of explicitly sharded inputs are sharded alike (an
    unsharded one after a sharded one differs too, as JAX compares them in turn)."""
    seen = None
    for a, d in zip(avals, dims):
        if d is None:
            continue
        sharding = getattr(a, "sharding", None)
        spec = sharding.spec[d] if sharding is not None and d < len(sharding.spec) else None
        if seen is not None and seen != spec:
            raise MeshjitValueError(
                "Mapped away dimension of inputs passed to vmap should be sharded the same. Got "
                f"inconsistent axis specs: {seen} vs {spec}"
            )
        seen = spec


def _inconsistent_sizes(fun, in_tree, avals, dims, sizes, axis_size) -> str:
    paths = [f"{p} of type {a.str_long()}" for p, a in zip(_paths(fun, in_tree), avals)]
    counts: dict[int, list[int]] = {}
    for i, s in enumerate(sizes):
        if s is not None:
            counts.setdefault(s, []).append(i)
    lines = ["vmap got inconsistent sizes for array axes to be mapped:"]
    if axis_size is not None:
        lines.append(f"  * the `axis_size` argument was {axis_size};")
    ordered = sorted(counts.items(), key=lambda kv: (-len(kv[1]), kv[1][0]))
    for rank, (size, where) in enumerate(ordered):
        i = where[0]
        if len(where) == 1:
            lines.append(f"  * one axis had size {size}: axis {dims[i]} of {paths[i]};")
        else:
            many = "most axes" if rank == 0 else "some axes"
            lines.append(
                f"  * {many} ({len(where)} of them) had size {size}, e.g. axis {dims[i]} of "
                f"{paths[i]};"
            )
    return "\n".join(lines)[:-1]


def _check_axis_name(axis_name):
    if axis_name is None:
        return
    trace = current_trace()
    env = None if trace is None else trace.axis_env
    if env is not None and axis_name in env.mesh.axis_names:
        raise MeshjitValueError(
            f"vmap axis_name {axis_name!r} clashes with the mesh axis {axis_name!r} of the "
            f"enclosing shard_map (mesh axes {env.mesh.axis_names}); choose another name"
        )


# ---------------------------------------------------------------------------------------------
# Tracing and batching.


def _mapped_keys(outer, inner):
    """Under jax_debug_key_reuse: the mapped function's keys are the caller's (JAX runs vmap op
    by op on them), consumed as those are and consuming them."""
    if not config.key_reuse:
        return contextlib.nullcontext()
    from meshjit.compiler.jit import key_reuse  # a later layer

    return key_reuse.mapped(outer, inner)


def _batch_call(fun, in_tree, leaves, avals, dims, axis: BatchAxis, *given_args):
    """`given_args`: the caller's (args, kwargs), whose keys the function's keys stand for."""
    example = [unbatched_aval(a, d) for a, d in zip(avals, dims)]
    with gc_paused(), new_trace(BatchTrace) as trace:
        # As its tracers print; the caller's line made the inputs' tracers (JAX's BatchTracers)
        trace.kind = ("vmap", axis.size, user_source())
        if axis.name is not None:
            trace.vmap_axes = {**trace.vmap_axes, axis.name: axis.size}
            trace.named = True
        if axis.spmd_axis_name is not None:
            trace.spmd_axes = trace.spmd_axes | frozenset(axis.spmd_axis_name)
        tracers = [trace.new_arg(a) for a in example]
        # An unmapped input goes in as it is (as JAX, which never traces it): Python may branch
        # on its value, and Python arithmetic on a Python scalar stays Python's. It is still an
        # input of the jaxpr, unused. A ref goes in as the Ref over its tracer.
        given = [_given(x, t, d) for x, t, d in zip(leaves, tracers, dims)]
        args, kwargs = tree_unflatten(in_tree, given)
        with _mapped_keys(given_args, (args, kwargs)):
            out_leaves, out_tree = tree_flatten(fun(*args, **kwargs))
        out_leaves, refs = _frozen_refs(out_leaves, given, leaves)
        for i, leaf in enumerate(out_leaves):
            if not _is_array_like(leaf):
                raise MeshjitTypeError(  # JAX's words first
                    f"Output from batched function {leaf!r} with type {type(leaf)} is not a "
                    f"valid JAX type (output {i} of the vmapped function is a "
                    f"{type(leaf).__name__}, not an array)"
                )
        closed = trace.finish(out_leaves)
    box = {}

    def batched(*xs):
        outs, box["dims"] = batch_eval(closed.jaxpr, closed.consts, xs, dims, axis)
        return outs

    outs = run(batched, leaves, "vmap")  # outside any trace: compiled once per structure
    # An output that was never traced (an unmapped input returned as it is, a value computed
    # from constants only) comes back as the object it is (as JAX: a Python float stays one).
    outs = [o if isinstance(leaf, Tracer) else leaf for leaf, o in zip(out_leaves, outs)]
    return outs, box["dims"], out_tree, refs


def _frozen_refs(out_leaves, given, leaves) -> tuple[list, dict]:
    """A mapped function may return refs (as JAX's vmap, which returns the batched ref): each
    traced one leaves the trace as the value it holds at the end, and `refs` maps its output
    position to (the caller's Ref it is (a ref argument returned) or None (made inside), the
    first position returning the same ref)."""
    from meshjit.compiler.state.ref import freeze, is_ref  # a later room

    callers = {id(g): x for g, x in zip(given, leaves) if is_ref(g)}
    refs, out, first = {}, list(out_leaves), {}
    for i, leaf in enumerate(out_leaves):
        if is_ref(leaf) and leaf.tracer is not None:
            refs[i] = callers.get(id(leaf)), first.setdefault(id(leaf), i)
            out[i] = freeze(leaf)
    return out, refs


def _move_out_ref(x, src, dst, axis: BatchAxis, index: int, out_tree, caller):
    """A returned ref: the caller's own Ref, or a new one holding the batched value (its mapped
    axis in front, where a batched ref holds it)."""
    if dst != 0:
        raise MeshjitValueError(
            f"at vmap out_axes{leaf_paths(out_tree)[index]}, got axis spec {dst} for a mutable "
            "array reference: vmap returns a ref mapped along its axis 0 only"
        )
    if caller is not None:
        return caller
    from meshjit.compiler.state.ref import new_ref  # a later room

    return new_ref(match_axis(x, src, 0, axis.size))


def _given(x, tracer, dim):
    if dim is None and not hasattr(tracer.aval, "inner_aval"):
        return x
    return _as_ref(tracer)


def _as_ref(tracer):
    """A ref argument's tracer as the Ref the mapped function reads and writes."""
    if not hasattr(tracer.aval, "inner_aval"):
        return tracer
    from meshjit.compiler.state.ref import Ref  # a later room

    return Ref.traced(tracer)


def _is_array_like(x) -> bool:
    """Whether a vmapped function's output is a value: a type (`jax.typeof(x)`, a
    ShapeDtypeStruct) has a shape and dtype but no value (JAX's TypeError)."""
    from meshjit.compiler.jit.api import ShapeDtypeStruct  # a later room

    if isinstance(x, (ShapedArray, ShapeDtypeStruct)):
        return False
    try:
        abstractify(x)
    except MeshjitTypeError:
        return False
    return True


def _move_out(x, src, dst, axis: BatchAxis, index: int, out_tree):
    if dst is None and src is not None:
        err = MeshjitValueError(  # JAX's words
            f"at vmap out_axes{leaf_paths(out_tree)[index]}, got axis spec None but output was "
            f"batched on axis {src}"
        )
        err.add_note(
            f"vmap has mapped output (axis_name={axis.name}) but out_axes is None: the output "
            "varies along the mapped axis"
        )
        raise err
    if dst is None:
        return x
    aval = abstractify(x)
    if is_token_aval(aval):  # (JAX fails with an AttributeError)
        raise MeshjitTypeError(
            f"vmap output{leaf_paths(out_tree)[index]} is a token (Tok), which cannot be "
            "batched: return it from outside the vmapped function"
        )
    ndim = aval.ndim + (src is None)
    if not -ndim <= dst < ndim:
        err = MeshjitValueError(f"axis {dst} is out of bounds for array of dimension {ndim}")
        err.add_note(  # JAX's words above; which output, with the traceback
            f"vmap out_axes{leaf_paths(out_tree)[index]} is {dst}, out of range for an output "
            f"of rank {ndim}"
        )
        raise err
    previous = enter_source(user_source(), "vmap")  # named within `vmap()`, as JAX's
    try:
        return match_axis(x, src, dst % ndim, axis.size)
    finally:
        leave_source(previous)


__all__ = ["vmap"]
