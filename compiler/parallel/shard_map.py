"""shard_map: per-device programs over manual mesh axes, lowered to sdy.manual_computation; the
primitive with all its rules (abstract eval, lowering, jvp, transpose)."""

from __future__ import annotations

import functools
import math

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.compiler.ad.transform import linearize_jaxpr, transpose_jaxpr
from meshjit.compiler.errors import (
    DuplicateSpecError,
    MeshjitKeyError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, ShapedArray, dce_jaxpr, register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
    vma_rules,
)
from meshjit.compiler.ir.sharding_rules import entry_axes, spec_of
from meshjit.compiler.ir.sharding_rules import state as sharding_rules_state
from meshjit.compiler.ir.sharding_rules import typed as typed_rules
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.compiler.lax import elementwise, shapes
from meshjit.compiler.lax.ad_util import aval_of, closure_convert, is_undefined
from meshjit.compiler.lax.batching import (
    BatchAxis,
    all_to_front,
    axis_rules,
    batch_jaxpr,
    current_axis,
)
from meshjit.compiler.lowering import LoweringRuleContext, jaxpr_subcomp, token_scope
from meshjit.compiler.parallel import collectives as cl
from meshjit.compiler.parallel.axis_env import AxisEnv
from meshjit.compiler.parallel.explicit import type_spec, with_axis_types
from meshjit.compiler.parallel.sharding import (
    AbstractMesh,
    AxisType,
    Mesh,
    NamedSharding,
    PartitionSpec,
    check_unique_axis_names,
    get_abstract_context_mesh,
    get_context_mesh,
)
from meshjit.compiler.trace.jaxprs import eval_closed, eval_jaxpr, trace_to_jaxpr
from meshjit.compiler.trace.tracing import (
    Tracer,
    abstractify,
    current_trace,
    jax_type_str,
    new_trace,
    outside_traces,
)
from meshjit.compiler.tree_util import (
    broadcast_prefix,
    keystr,
    prefix_error,
    tree_flatten,
    tree_flatten_with_path,
    tree_leaves,
    tree_unflatten,
)
from meshjit.dialects.sdy import DimSharding, TensorSharding, sharding_per_value_attr

shard_map_p = Primitive("shard_map", multiple_results=True)
vma_rules.add(shard_map_p)


def _pp_shard_map(eqn, _):
    shown = {k: v for k, v in eqn.params.items() if k != "manual_axes"}
    return {**shown, "newly_manual_axes": frozenset(eqn.params["manual_axes"])}  # JAX's name


register_pp_params(shard_map_p, _pp_shard_map)


class _Infer:
    """The default of `in_specs`: read them off the arguments' shardings (JAX 0.10's `Infer`)."""

    __slots__ = ()

    def __repr__(self):
        return "jax.sharding.Infer"  # as JAX's signature of shard_map shows it


Infer = _Infer()


def shard_map(
    f=None,
    /,
    *,
    out_specs,
    in_specs=Infer,
    mesh=None,
    axis_names=frozenset(),
    check_vma: bool = True,
):
    """Runs `f` once per device on its local blocks; collectives name the manual axes.

    `mesh` defaults to set_mesh's context mesh (not `with mesh:`'s, as JAX 0.10.2); `in_specs` defaults to the
    arguments' own shardings, which needs the manual axes to be `AxisType.Explicit` (as in JAX
    0.10, whose make_mesh makes Explicit axes). Without `f`, returns a decorator."""
    if f is None:
        return functools.partial(
            shard_map,
            out_specs=out_specs,
            in_specs=in_specs,
            mesh=mesh,
            axis_names=axis_names,
            check_vma=check_vma,
        )
    if not callable(f):
        raise MeshjitTypeError(
            f"shard_map requires a callable for its first argument, but got {f} of type {type(f)}."
        )
    spec = _ShardMapSpec(mesh, in_specs, out_specs, axis_names or None, check_vma)

    @functools.wraps(f)
    def wrapped(*args):
        if current_trace() is None:
            _check_eager_devices(spec, args)
        if spec.in_specs is Infer:
            return _with_inferred_specs(f, spec, args)
        if current_trace() is None:
            _eager_args.append(tree_flatten(args)[0])
            try:
                out = _run_eager(_eager(wrapped), args)
                return _as_written(out, spec.out_specs) if _all_manual(spec) else out
            finally:
                _eager_args.pop()
        return _shard_map_traced(f, spec, args)

    return wrapped


def _check_eager_devices(spec: _ShardMapSpec, args) -> None:
    """An eager shard_map over an AbstractMesh (use_abstract_mesh's, or mesh=) runs on the
    devices of its arguments' NamedShardings: JAX's ValueError without any."""
    mesh = spec.resolve_mesh()
    if not isinstance(mesh, AbstractMesh):
        return
    every = spec.axis_names is None or set(spec.axis_names) == set(mesh.axis_names)
    if spec.in_specs is not Infer and every and mesh.are_all_axes_explicit:
        return  # in_specs are checked against the arguments' types first, as JAX's
    for x in tree_leaves(args):
        sharding = getattr(x, "sharding", None)
        if isinstance(sharding, NamedSharding) and isinstance(sharding.mesh, Mesh):
            return
    raise MeshjitValueError(
        "Please pass `jax.Array`s with a `NamedSharding` as input to `shard_map` when passing "
        "`AbstractMesh` to the mesh argument (or call it under meshjit.set_mesh(mesh))."
    )


def _with_inferred_specs(f, spec: _ShardMapSpec, args):
    mesh = spec.resolve_mesh()
    manual = spec.axis_names if spec.axis_names is not None else frozenset(mesh.axis_names)
    _check_explicit(mesh, manual)
    leaves, tree = tree_flatten(args)
    specs = tuple(_arg_spec(x, i, mesh, manual) for i, x in enumerate(leaves))
    key = (f, mesh, tree, specs, spec.out_specs, spec.axis_names, spec.check_vma)
    try:
        inferred = _inferred_cached(*key)  # eager calls with the same shardings: one compile
    except TypeError:  # unhashable out_specs (a list or dict of specs)
        inferred = _inferred(*key)
    return inferred(*args)


def _inferred(f, mesh, tree, specs, out_specs, axis_names, check_vma):
    return shard_map(
        f,
        mesh=mesh,
        in_specs=tree_unflatten(tree, list(specs)),
        out_specs=out_specs,
        axis_names=axis_names or frozenset(),
        check_vma=check_vma,
    )


_inferred_cached = functools.lru_cache(maxsize=256)(_inferred)


def _check_explicit(mesh, manual) -> None:
    types = dict(zip(mesh.axis_names, getattr(mesh, "axis_types", ())))
    kinds = [types.get(a) for a in mesh.axis_names if a in manual]
    if all(k is not None and k.name == "Explicit" for k in kinds):
        return
    shown = ", ".join(f"AxisType.{k.name}" if k is not None else "AxisType.Auto" for k in kinds)
    raise MeshjitTypeError(
        "shard_map in_specs argument must be a pytree of `meshjit.sharding.PartitionSpec` "
        f"instances, but it was `None` when axis_names={_in_mesh_order(mesh, manual)} are of type "
        f"{shown}. Pass "
        "in_specs=..., or make the mesh with Explicit axes (meshjit.make_mesh's default)"
    )


def _in_mesh_order(mesh, axes) -> tuple[str, ...]:
    return tuple(a for a in mesh.axis_names if a in axes)


def _arg_spec(x, i: int, mesh, manual) -> PartitionSpec:
    """The argument's own spec over the manual axes: a meshjit Array's NamedSharding, and
    replicated for host values."""
    sharding = _traced_sharding(x, i) if isinstance(x, Tracer) else getattr(x, "sharding", None)
    if not isinstance(sharding, NamedSharding):
        return PartitionSpec()
    if sharding.mesh.axis_names != mesh.axis_names:
        raise MeshjitValueError(
            f"shard_map argument {i} is sharded over mesh axes {sharding.mesh.axis_names}, but the "
            f"shard_map mesh has axes {mesh.axis_names}; pass in_specs=..."
        )
    return _manual_only(sharding.spec, manual)


def _traced_sharding(x, i: int):
    """A traced value's type sharding (explicit mode), or the sharding jit's argument `x`
    came with."""
    if x.aval.sharding is not None:
        return x.aval.sharding
    trace = current_trace()
    while trace is not None:
        if trace.arg_shardings and x._var in trace.arg_shardings:
            return trace.arg_shardings[x._var]
        trace = trace.parent
    raise MeshjitValueError(
        f"shard_map cannot infer in_specs for argument {i} ({x._var.aval.str_long()}): it is a "
        "traced value without a sharding in its type (only values on Explicit mesh axes, and "
        "jit's own arguments, carry one). Pass in_specs=..."
    )


def _manual_only(spec: PartitionSpec, manual) -> PartitionSpec:
    entries = []
    for i in range(len(spec)):
        axes = tuple(a for a in spec.axes_of(i) if a in manual)
        entries.append(axes or None)
    while entries and entries[-1] is None:
        entries.pop()
    return PartitionSpec(*entries)


# The concrete arguments of the eager shard_map calls running (their bodies print values).
_eager_args: list[list] = []


@functools.lru_cache(maxsize=256)
def _eager(wrapped):
    from meshjit.compiler.jit.api import JitFunction

    return JitFunction(wrapped, name=f"shard_map_{getattr(wrapped, '__name__', 'f')}")


def _run_eager(jitted, args):
    """An eager call of a shard_map: JAX runs the body on every call (its Python prints print
    each time), so the body is traced again; the program is compiled once while the trace is
    the same."""
    sig = jitted._signature(args, {})
    before = jitted._traces.pop(sig.key, None)
    traced = jitted._trace(sig)
    if before is not None and str(traced.jaxpr) == str(before.jaxpr):
        jitted._traces[sig.key] = before  # its lowering and executable stay valid
    elif before is not None:
        jitted.clear_cache()
        jitted._traces[sig.key] = traced
    return jitted(*args)


def _all_manual(spec) -> bool:
    """Whether every axis of the shard_map's mesh is manual (JAX's eager shard_map gives such
    a map's results the out_specs as written; a partly manual one's are as compiled)."""
    if spec.axis_names is None:
        return True
    mesh = spec.resolve_mesh()
    return set(mesh.axis_names) <= set(spec.axis_names)


def _as_written(out, out_specs):
    """JAX's eager shard_map gives its results the out_specs as written (`P('x', None)`), where
    a compiled program's result sharding drops trailing Nones."""
    leaves, tree = tree_flatten(out)
    for i, (x, written) in enumerate(zip(leaves, _flat_specs(out_specs, out, "out_specs"))):
        have = getattr(x, "_sharding", None)
        if (
            type(have) is NamedSharding
            and have.spec != written
            and _trim(have.spec) == _trim(written)
        ):
            sharding = NamedSharding(have.mesh, written, memory_kind=have.memory_kind)
            leaves[i] = type(x).of_result(
                x.aval, x._impl, x._placement, sharding, x.committed, x._stated
            )
    return tree_unflatten(tree, leaves)


def _trim(spec: PartitionSpec) -> tuple:
    entries = tuple(spec)
    while entries and entries[-1] is None:
        entries = entries[:-1]
    return entries


class _ShardMapSpec:
    __slots__ = ("mesh", "in_specs", "out_specs", "axis_names", "check_vma")

    def __init__(self, mesh, in_specs, out_specs, axis_names, check_vma):
        if mesh is not None and not isinstance(mesh, (Mesh, AbstractMesh)):
            raise MeshjitTypeError(
                "shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` "
                f"instance for its second argument, but got {mesh!r} of type {type(mesh)}."
            )
        if mesh is not None:
            check_unique_axis_names(mesh, "shard_map")
        self.mesh, self.in_specs, self.out_specs = mesh, in_specs, out_specs
        # checked when called, as JAX's (resolve_mesh)
        self.axis_names = frozenset(axis_names) if isinstance(axis_names, set) else axis_names
        self.check_vma = bool(check_vma)

    def resolve_mesh(self):
        """mesh=, else (as JAX's abstract mesh) the enclosing shard_map's, else the context's."""
        if not isinstance(self.axis_names, (frozenset, type(None))):
            raise MeshjitTypeError(
                "`axis_names` argument of shard_map should be of type `frozenset` or `set`. Got "
                f"type: {type(self.axis_names)}"
            )
        mesh = self.mesh
        if mesh is not None:
            _check_context_mesh(mesh)
        if mesh is None:
            trace = current_trace()
            env = None if trace is None else trace.axis_env
            mesh = env.mesh if env is not None else get_context_mesh()
        if mesh is None:
            raise MeshjitValueError(
                "The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh "
                "context (shard_map needs a mesh: pass mesh=..., or call it under set_mesh)"
            )
        return mesh


def _check_context_mesh(mesh) -> None:
    """As JAX's: a mesh passed to shard_map is set_mesh's, when there is one. (Inside a
    shard_map's body JAX wants the enclosing one's, its manual axes Manual; meshjit takes the
    enclosing mesh itself there too.)"""
    trace = current_trace()
    env = None if trace is None else trace.axis_env
    if env is not None and env.mesh is not None:
        return
    context = get_abstract_context_mesh()
    if context is not None and context.axis_names and mesh.abstract_mesh != context:
        raise MeshjitValueError(
            f"The context mesh {context} should match the mesh passed to shard_map {mesh}"
        )


def _is_spec_leaf(x) -> bool:
    return isinstance(x, PartitionSpec) or x is None


def _is_spec(x) -> bool:
    return isinstance(x, PartitionSpec)


def _flat_specs(specs, tree, what: str) -> list[PartitionSpec]:
    _check_specs_are_specs(what, specs)
    # As JAX: None in in_specs leaves an argument replicated; in out_specs it is an empty
    # pytree, which describes no output.
    is_leaf = _is_spec_leaf if what == "in_specs" else _is_spec
    try:
        per_leaf = broadcast_prefix(specs, tree, is_leaf=is_leaf)
    except Exception:
        detail = prefix_error(specs, tree, is_leaf=is_leaf)
        raise MeshjitValueError(
            f"shard_map {what} {specs} do not match the structure of the values they describe "
            f"({tree_flatten(tree)[1]})" + (f":\n  {detail(f'shard_map {what}')}" if detail else "")
        ) from None
    return [s or PartitionSpec() for s in per_leaf]


def _manual_axes(spec: _ShardMapSpec, mesh, outer: AxisEnv | None) -> tuple[str, ...]:
    names = spec.axis_names if spec.axis_names is not None else frozenset(mesh.axis_names)
    for axis in names:
        if axis not in mesh.axis_names:
            raise MeshjitValueError(  # JAX's words
                f"jax.shard_map requires axis_names={frozenset(names)} to be a subset of "
                f"mesh.axis_names={frozenset(mesh.axis_names)}: shard_map axis_names names "
                f"{axis!r}, which is not in the mesh (its axes are {mesh.axis_names})"
            )
    already = frozenset(outer.manual) if outer is not None else frozenset()
    return tuple(a for a in mesh.axis_names if a in names and a not in already)


def _check_specs_are_specs(what: str, specs) -> None:
    if specs is None or (callable(specs) and not isinstance(specs, type)):
        return
    leaves, _ = tree_flatten(specs, is_leaf=lambda x: isinstance(x, PartitionSpec))
    for leaf in leaves:
        if not isinstance(leaf, PartitionSpec):
            raise MeshjitTypeError(
                f"shard_map {what} argument must be a pytree of `jax.sharding.PartitionSpec` "
                f"instances, but:\n\n  {what} is {leaf!r} of type {type(leaf).__name__}, \n\n"
                f"Check the {what} values passed to shard_map."
            )


def _spec_axes(spec: PartitionSpec, ndim: int, manual, what: str, f=None) -> list[tuple[str, ...]]:
    if len(spec) > ndim:
        fun = "a function" if f is None else f"the function '{getattr(f, '__name__', f)}'"
        raise MeshjitValueError(
            f"shard_map applied to {fun} was given an {what} entry which is too long to be "
            f"compatible with the corresponding {'input' if what == 'in_specs' else 'output'} "
            f"value from the function: {what} is {spec} which has length "
            f"{len(spec)}, but the value has rank {ndim}"
        )
    per_dim = [spec.axes_of(i) for i in range(ndim)]
    used = [a for axes in per_dim for a in axes]
    if len(used) != len(set(used)):
        twice = next(a for a in used if used.count(a) > 1)
        error = DuplicateSpecError(  # JAX's words and class
            "A single NamedSharding spec specification can map every mesh axis to at most one "
            f"positional dimension, but {spec} has duplicate entries for `{twice}`",
            pspec=spec,
        )
        error.add_note(f"shard_map {what} {spec} uses a mesh axis more than once")
        raise error
    for axis in used:
        if axis not in manual:
            raise MeshjitValueError(
                f"shard_map {what} argument must refer to an axis marked as manual "
                f"({frozenset(manual)}), but:\n\n  {what} refers to {axis!r}\n\nCheck the {what} "
                f"values passed to shard_map. ({what} {spec} names an axis that is not manual)"
            )
    return per_dim


def _local_aval(aval: ShapedArray, per_dim, mesh, i: int, fname: str) -> ShapedArray:
    if is_token_aval(aval):  # (JAX fails with an AttributeError)
        raise MeshjitTypeError(
            f"shard_map argument {i} is a token (Tok): shard_map takes arrays (create the "
            "token inside the function, or thread it outside the shard_map)"
        )
    shape = []
    for d, (size, axes) in enumerate(zip(aval.shape, per_dim)):
        parts = math.prod(mesh.shape[a] for a in axes)
        if size % parts:
            to = (
                f"mesh axis {axes[0]!r} (of size {parts})"
                if len(axes) == 1
                else (f"mesh axes {axes} (of total size {parts})")
            )
            raise MeshjitValueError(
                f"shard_map applied to the function '{fname}' was given argument arrays with "
                "axis sizes that are not evenly divisible by the corresponding mesh axis sizes:"
                f"\n\nThe mesh given has shape {tuple(mesh.shape.values())} with corresponding "
                f"axis names {tuple(mesh.axis_names)}.\n\nthe passed args[{i}] of shape "
                f"{aval.str_long()} maps array axis {d} (of size {size}) to {to}, but {parts} "
                f"does not evenly divide {size}"
            )
        shape.append(size // parts)
    vma = aval.vma | frozenset(a for axes in per_dim for a in axes)
    return ShapedArray(tuple(shape), aval.dtype, aval.weak_type, vma)


def _shard_map_traced(f, spec: _ShardMapSpec, args):
    mesh = spec.resolve_mesh()
    outer = current_trace().axis_env
    manual = _manual_axes(spec, mesh, outer)
    all_manual = (outer.manual if outer is not None else ()) + manual
    leaves, in_tree = tree_flatten(args)
    in_specs = _flat_specs(spec.in_specs, args, "in_specs")
    avals = [abstractify(x) for x in leaves]
    in_axes = [_spec_axes(s, a.ndim, manual, "in_specs", f) for s, a in zip(in_specs, avals)]
    if outer is None and _all_explicit(mesh, manual):
        for s, a, axes in zip(in_specs, avals, in_axes):
            _check_spec_matches_type(s, a, axes)
    fname = getattr(f, "__name__", f)
    local = [
        _local_aval(a, axes, mesh, i, fname) for i, (a, axes) in enumerate(zip(avals, in_axes))
    ]
    local = _keep_free_types(local, avals, mesh, all_manual)
    env = AxisEnv(mesh.abstract_mesh, _mesh_order(mesh, all_manual), spec.check_vma)
    concrete = _concrete_args(leaves)
    show = None
    if concrete is not None:
        show = functools.partial(_show_blocks, mesh, manual, in_specs, spec.check_vma, concrete)
    closed, out_tree = _trace_body(f, in_tree, local, env, spec.check_vma, show)
    out_avals = closed.jaxpr.out_avals
    placeholder = tree_unflatten(out_tree, [0] * len(out_avals))
    out_specs = _flat_specs(spec.out_specs, placeholder, "out_specs")
    _check_out_specs(
        spec.out_specs, placeholder, out_specs, out_avals, manual, spec.check_vma, mesh, f,
        eager=concrete is not None,
    )  # fmt: skip
    consts, jaxpr = closure_convert(closed)
    if mesh.explicit_axes:
        sharding_rules_state.active = True  # its results are typed (_shard_map_sharding)
    outs = shard_map_p.bind(
        *consts,
        *leaves,
        jaxpr=jaxpr,
        mesh=mesh,
        in_specs=tuple([PartitionSpec()] * len(consts) + in_specs),
        out_specs=tuple(out_specs),
        manual_axes=manual,
        check_vma=spec.check_vma,
    )
    return tree_unflatten(out_tree, outs)


def _free_explicit(mesh, manual) -> frozenset:
    """The Explicit axes a partly manual shard_map leaves free (its body's types keep them)."""
    return frozenset(mesh.explicit_axes) - frozenset(manual)


def _keep_free_types(local, avals, mesh, all_manual) -> list:
    """As JAX's: a partly manual shard_map's body sees its arguments still sharded over the
    Explicit axes it leaves free, on the mesh whose manual axes are Manual."""
    free = _free_explicit(mesh, all_manual)
    if not free:
        return local
    body_mesh = with_axis_types(mesh.abstract_mesh, all_manual, AxisType.Manual, "shard_map")
    out = []
    for blk, a in zip(local, avals):
        spec = _restricted(spec_of(a), free)
        typed = any(e is not None for e in spec)
        out.append(typed_rules(blk, body_mesh, spec, "a shard_map argument") if typed else blk)
    return out


def _restricted(spec, axes) -> tuple:
    """`spec` with only the mesh axes in `axes` kept, one entry per dimension."""
    out = []
    for entry in spec:
        kept = tuple(a for a in entry_axes(entry) if a in axes)
        out.append(None if not kept else kept[0] if len(kept) == 1 else kept)
    return tuple(out)


def _all_explicit(mesh, manual) -> bool:
    """Whether the shard_map makes every axis of an all-Explicit mesh manual (and no vmap
    shards over one): then, as JAX, its arguments' types must be what in_specs say."""
    trace = current_trace()
    if trace is not None and trace.spmd_axes:
        return False
    types = getattr(mesh, "axis_types", ())
    return len(manual) == len(mesh.axis_names) and all(t.name == "Explicit" for t in types)


def _check_spec_matches_type(spec: PartitionSpec, aval: ShapedArray, axes) -> None:
    typed = [entry_axes(e) for e in spec_of(aval)]
    if typed != [tuple(a) for a in axes]:
        padded = PartitionSpec(*(list(spec) + [None] * (aval.ndim - len(spec))))
        raise MeshjitValueError(
            f"in_specs passed to shard_map: {padded} does not match the specs of the input: "
            f"{PartitionSpec(*spec_of(aval))} for arg: {aval}. `in_specs` is an "
            "optional argument so you can omit specifying it and shard_map will infer the "
            "in_specs from the arguments. If you want to reshard your inputs, you can use "
            "`jax.reshard` on the arguments and then pass those args to shard_map."
        )


def _mesh_order(mesh, axes) -> tuple[str, ...]:
    return tuple(a for a in mesh.axis_names if a in axes)


def _concrete_args(leaves):
    """The values of an eager shard_map's arguments (traced by `_eager`'s jit), else None."""
    trace = current_trace()
    if not _eager_args or trace.parent is not None or len(_eager_args[-1]) != len(leaves):
        return None
    if not all(type(x) is Tracer and x._var is v for x, v in zip(leaves, trace.invars)):
        return None
    return _eager_args[-1]


def _show_blocks(mesh, manual, in_specs, check_vma, args, tracer) -> str:
    """A value of an eager shard_map's body as JAX prints it (JAX runs the body eagerly): each
    device's block; the tracer's usual text where that cannot be computed (a print must not
    fail)."""
    trace = tracer._trace
    plain = f"JitTracer({jax_type_str(tracer.aval)})"
    if trace.done or len(manual) != len(mesh.axis_names):
        return plain
    if any(type(c) is Tracer for c in trace.consts):
        return plain
    try:
        blocks = _blocks_of(mesh, manual, in_specs, check_vma, args, tracer)
    except Exception:  # noqa: BLE001 - e.g. a typed key's blocks: the plain text then
        return plain
    names = f"({', '.join(map(str, mesh.axis_names))},)"
    return "\n".join(
        f"On {device} at mesh coordinates {names} = {idx}:\n{block}\n"
        for (idx, device), block in zip(np.ndenumerate(mesh.devices), blocks)
    )


def _blocks_of(mesh, manual, in_specs, check_vma, args, tracer) -> list:
    """Each device's block of `tracer`, by a shard_map of the equations it needs."""
    trace = tracer._trace
    jaxpr = dce_jaxpr(Jaxpr(trace.constvars, trace.invars, [tracer._var], list(trace.eqns)))
    consts = list(trace.consts)

    def stacked(*blocks):
        (out,) = eval_jaxpr(jaxpr, consts, blocks)
        missing = tuple(a for a in manual if a not in getattr(aval_of(out), "vma", ()))
        if check_vma and missing:
            out = cl.pvary(out, missing)
        return out.reshape((1, *out.shape))

    specs = dict(in_specs=tuple(in_specs), out_specs=PartitionSpec(manual))
    body = shard_map(stacked, mesh=mesh, check_vma=check_vma, **specs)
    with outside_traces():
        return list(body(*args))


def _trace_body(f, in_tree, local_avals, env: AxisEnv, check_vma: bool, show=None):
    with new_trace() as trace:
        trace.axis_env = env
        trace.kind = show
        avals = local_avals if check_vma else [a.update(vma=frozenset()) for a in local_avals]
        tracers = [trace.new_arg(a) for a in avals]
        out = f(*tree_unflatten(in_tree, tracers))
        out_leaves, out_tree = tree_flatten(out)
        closed = trace.finish(out_leaves)
    return closed, out_tree


def _check_out_specs(
    specs, placeholder, flat, avals, manual, check_vma, mesh, f, eager=False
) -> None:
    """Each output's spec names real axes; with check_vma, the outputs claiming replication the
    body cannot show are reported together, each by its path in out_specs (JAX's message).
    An eager call reports the first alone, without its path: JAX checks an eager shard_map's
    outputs one by one (a shard_map per output, of that output's spec)."""
    for s, aval in zip(flat, avals):
        _spec_axes(s, aval.ndim, manual, "out_specs", f)
    if not check_vma:
        return
    paths = [""] * len(flat) if eager else _spec_paths(specs, placeholder)
    claims = []
    for i, (s, aval) in enumerate(zip(flat, avals)):
        named = {a for axes in _spec_axes(s, aval.ndim, manual, "out_specs") for a in axes}
        if any(a in aval.vma and a not in named for a in manual):
            claims.append((i, aval, _replication_claim(paths[i], s, named, aval, mesh.axis_names)))
    if not claims:
        return
    claims = claims[:1] if eager else claims
    bullets = [claim for _, _, claim in claims]
    body = bullets[0] if len(bullets) == 1 else "\n\n".join(f"* {b}" for b in bullets)
    i, aval, _ = claims[0]
    # JAX's eager check is a shard_map of its own helper per output, which its message names
    name = "_rem_singleton" if eager else getattr(f, "__name__", f)
    err = MeshjitValueError(
        f"shard_map applied to the function '{name}' was given "
        "out_specs which require replication which can't be statically inferred given the "
        f"mesh:\n\nThe mesh given has shape {tuple(mesh.shape.values())} with "
        f"corresponding axis names {mesh.axis_names}.\n\n"
        + body
        + "\n\nCheck if these output values are meant to be replicated over those mesh "
        "axes. If not, consider revising the corresponding out_specs entries. If so, "
        "consider disabling the check by passing the check_vma=False argument to "
        "`jax.shard_map`."
    )
    # JAX's message ends there; the way out, in a note (JAX 0.10.2's lax has no
    # all_gather_invariant: a psum makes a value invariant over the axes it sums).
    err.add_note(f"output {i} is {aval.str_long()}: reduce it over those axes (e.g. lax.psum)")
    raise err


def _spec_paths(specs, placeholder) -> list[str]:
    """Per output, the path of its spec in out_specs (`[0]`, `['a']`; empty for one spec), as
    JAX's errors name it."""
    pairs, treedef = tree_flatten_with_path(specs, is_leaf=_is_spec)
    named = tree_unflatten(treedef, [keystr(path) for path, _ in pairs])
    return list(broadcast_prefix(named, placeholder))


def _replication_claim(path: str, spec, named, aval, axes) -> str:
    """JAX's sentence for an out_spec that claims replication the body's output lacks; its
    unmentioned axes are all the mesh's (a partly manual map's free ones too), as JAX's."""
    unmentioned = [a for a in axes if a not in named]
    if len(unmentioned) == 1:
        return (
            f"out_specs{path} is {spec} which implies that the corresponding output value is "
            f"replicated across mesh axis '{unmentioned[0]}', but could not infer replication "
            "over any axes"
        )
    need = ",".join(a for a in axes if a in named)
    diff = ",".join(a for a in unmentioned if a in aval.vma)
    got = ",".join(a for a in axes if a in aval.vma)
    return (
        f"out_specs{path} is {spec} which implies that the corresponding output value is only "
        f"varying across mesh axes {{{need}}} and not {{{diff}}}, but it was inferred to be "
        f"possibly varying over {{{got}}}"
    )


@abstract_eval_rules.register(shard_map_p)
def _shard_map_rule(*avals, jaxpr, mesh, in_specs, out_specs, manual_axes, check_vma):
    outs = []
    outer_vma = frozenset().union(*[a.vma for a in avals])
    for aval, s in zip(jaxpr.out_avals, out_specs):
        shape = tuple(
            d * math.prod(mesh.shape[a] for a in s.axes_of(i)) for i, d in enumerate(aval.shape)
        )
        vma = (aval.vma - frozenset(manual_axes)) | outer_vma
        outs.append(ShapedArray(shape, aval.dtype, aval.weak_type, vma))
    return outs


def _shard_map_lowering(
    ctx: LoweringRuleContext, *operands, jaxpr, mesh, in_specs, out_specs, manual_axes, check_vma
):
    mctx = ctx.module_ctx
    mesh_name = mctx.mesh_symbol(mesh.mesh_shape)
    outer = mctx.axis_envs[-1] if mctx.axis_envs else None
    outer_manual = outer.manual if outer is not None else ()
    all_manual = _mesh_order(mesh, outer_manual + tuple(manual_axes))
    closed = set(all_manual) == set(mesh.axis_names)
    in_attr = _shardings_attr(mesh_name, in_specs, ctx.avals_in, closed)
    out_attr = _shardings_attr(mesh_name, out_specs, ctx.avals_out, closed)
    axes_attr = sdy.ManualAxesAttr.get([ir.StringAttr.get(a) for a in manual_axes])
    result_types = [ctx.tensor_type(a) for a in ctx.avals_out]
    op = sdy.ManualComputationOp(result_types, list(operands), in_attr, out_attr, axes_attr)
    block = op.body.blocks.append(*[ctx.tensor_type(a) for a in jaxpr.in_avals])
    mctx.axis_envs.append(AxisEnv(mesh.abstract_mesh, all_manual, check_vma))
    try:
        with ir.InsertionPoint(block), token_scope(mctx):  # its ordered effects chain apart
            outs = jaxpr_subcomp(mctx, jaxpr.jaxpr, [], list(block.arguments))
            sdy.ReturnOp(outs)
    finally:
        mctx.axis_envs.pop()
    return list(op.results)


def _shardings_attr(mesh_name, specs, avals, closed: bool):
    shardings = []
    for s, aval in zip(specs, avals):
        dims = tuple(DimSharding(s.axes_of(i), is_closed=closed) for i in range(aval.ndim))
        shardings.append(TensorSharding(mesh_name, dims))
    return sharding_per_value_attr(shardings)


lowering_rules.register(shard_map_p, _shard_map_lowering)


# ---------------------------------------------------------------------------------------------
# jvp and transpose. Residuals leave the forward shard_map and enter the linear one as blocks stacked
# over the manual axes they vary over (unstacked inside), so each device gets its own back.


def body_env(mesh, manual_axes, check_vma) -> AxisEnv:
    outer = current_trace().axis_env
    manual = (outer.manual if outer is not None else ()) + tuple(manual_axes)
    ordered = tuple(a for a in mesh.axis_names if a in manual)
    return AxisEnv(mesh.abstract_mesh, ordered, check_vma)


def _stacking_axes(aval: ShapedArray, manual_axes, check_vma) -> tuple[str, ...]:
    """The axes a residual varies over: those of its type, or unchecked (as the seed notes) all
    manual axes except the spmd_axis_name of an enclosing vmap, which will shard the mapped
    axis in front of it."""
    if check_vma:
        return tuple(a for a in manual_axes if a in aval.vma)
    return _except_spmd(manual_axes)


def _except_spmd(manual_axes) -> tuple[str, ...]:
    """The manual axes but the spmd_axis_name axes of the enclosing vmaps: batching will shard
    the mapped axis over those, so no value inside can be replicated or stacked over them."""
    trace = current_trace()
    spmd = trace.spmd_axes if trace is not None else frozenset()
    return tuple(a for a in manual_axes if a not in spmd)


def _residual_layout(res_avals, manual_axes, check_vma):
    """Per residual: its out/in spec and its aval inside the linear body."""
    specs, avals = [], []
    for aval in res_avals:
        axes = _stacking_axes(aval, manual_axes, check_vma)
        specs.append(PartitionSpec(axes) if axes else PartitionSpec())
        avals.append(aval.update(shape=(1,) + aval.shape) if axes else aval)
    return specs, avals


def _stack(x, spec):
    return shapes.reshape(x, (1,) + aval_of(x).shape) if len(spec) else x


def _unstack(x, spec):
    return shapes.reshape(x, aval_of(x).shape[1:]) if len(spec) else x


@jvp_rules.register(shard_map_p)
def _shard_map_jvp(primals, tangents, *, jaxpr, in_specs, out_specs, **params):
    env = body_env(params["mesh"], params["manual_axes"], params["check_vma"])
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


@transpose_rules.register(shard_map_p)
def _shard_map_transpose(cts, *args, jaxpr, in_specs, out_specs, **params):
    env = body_env(params["mesh"], params["manual_axes"], params["check_vma"])
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
    return tuple(a for a in _except_spmd(manual_axes) if a not in named)


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
    if count == 1 or not dtypes.is_inexact(dtype):
        return ct
    return elementwise.div(ct, np.asarray(count, dtype))


def _sum_over(ct, axes):
    if not axes or not dtypes.is_inexact(aval_of(ct).dtype):
        return ct
    return cl.bind_psum(ct, axes)


# ---------------------------------------------------------------------------------------------
# Batching (vmap of a shard_map): the mapped axis goes in front, replicated over the mesh (a
# `None` in front of its specs); the body is batched with the same mapped axis on its blocks.

axis_rules.add(shard_map_p)


@batching_rules.register(shard_map_p)
def _shard_map_batcher(args, dims, *, jaxpr, mesh, in_specs, out_specs, manual_axes, check_vma):
    axis = current_axis()
    spmd = axis.spmd_axis_name
    inner, entry, vma = axis, None, frozenset()
    if spmd is not None:  # the mapped axis is sharded over the spmd axes: bodies see a block
        _check_spmd_axes(spmd, in_specs, manual_axes, mesh)
        inner = BatchAxis(axis.name, axis.size // math.prod(mesh.shape[a] for a in spmd), spmd)
        entry = spmd[0] if len(spmd) == 1 else tuple(spmd)
        vma = frozenset(spmd) if check_vma else frozenset()
    in_batched = [d is not None for d in dims]
    env = body_env(mesh, manual_axes, check_vma)
    typed = [
        _batched_type(a, inner.size) if b else None for a, b in zip(jaxpr.in_avals, in_batched)
    ]
    body, out_batched = batch_jaxpr(
        jaxpr, in_batched, axis=inner, axis_env=env, batched_vma=vma, batched_avals=typed
    )
    consts, body = closure_convert(body)
    outs = shard_map_p.bind(
        *consts,
        *all_to_front(args, dims),
        jaxpr=body,
        mesh=mesh,
        in_specs=tuple([PartitionSpec()] * len(consts)) + _front(in_specs, in_batched, entry),
        out_specs=_front(out_specs, out_batched, entry),
        manual_axes=manual_axes,
        check_vma=check_vma,
    )
    return outs, [0 if b else None for b in out_batched]


def _batched_type(aval, size: int):
    """A typed body argument (a partly manual map's free Explicit axes) mapped in front: the
    mapped axis unsharded in the body's type (None for an untyped one)."""
    s = aval.sharding
    if s is None:
        return None
    shape = ShapedArray((size, *aval.shape), aval.dtype, aval.weak_type, aval.vma)
    return typed_rules(shape, s.mesh, (None, *spec_of(aval)), "a shard_map argument")


def _check_spmd_axes(spmd, in_specs, manual_axes, mesh):
    unknown = [a for a in spmd if a not in mesh.axis_names]
    if unknown:  # JAX's KeyError: it looks the axis up in the mesh's shape
        raise MeshjitKeyError(
            f"'{unknown[0]}' (vmap spmd_axis_name {spmd}: {unknown[0]!r} is not an axis of the "
            f"shard_map's mesh, whose axes are {mesh.axis_names})"
        )
    used = {a for s in in_specs for i in range(len(s)) for a in s.axes_of(i)}
    clash = sorted(set(spmd) & used)
    if clash:
        raise MeshjitValueError(
            f"vmap spmd_axis_name {spmd} cannot appear in shard_map in_specs (found {clash})"
        )
    missing = sorted(set(spmd) - set(manual_axes))
    if missing:
        raise MeshjitValueError(
            f"vmap spmd_axis_name {spmd}: axes {missing} are not manual axes of the shard_map"
        )


def _front(specs, batched, entry=None) -> tuple:
    return tuple(PartitionSpec(entry, *s) if b else s for s, b in zip(specs, batched))


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).


@sharding_rules.register(shard_map_p)
def _shard_map_sharding(out, *avals, jaxpr, mesh, in_specs, out_specs, manual_axes, check_vma):
    """The results are typed by out_specs over the mesh's Explicit axes, and (a partly manual
    shard_map's) by its body's results over the Explicit axes it leaves free."""
    free = _free_explicit(mesh, manual_axes)
    return [
        _result_spec(type_spec(NamedSharding(mesh, s), o.ndim), b, free)
        for o, s, b in zip(out, out_specs, jaxpr.out_avals)
    ]


def _result_spec(written, body_aval, free) -> tuple:
    written = written or (None,) * body_aval.ndim
    if not free or body_aval.sharding is None:
        return written
    kept = _restricted(spec_of(body_aval), free)
    out = []
    for w, k in zip(written, kept):
        axes = entry_axes(w) + entry_axes(k)
        out.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return tuple(out)
