"""Explicit sharding (JAX 0.10.2's default mode): shardings in the types, `reshard`,
`auto_axes` / `explicit_axes`, and the abstract mesh of the context.

A value on a mesh with `AxisType.Explicit` axes carries its sharding over those axes in its
aval (`f32[8@X,4@Y]`); each primitive's sharding rule (compiler/ir/sharding_rules.py) decides
its results' shardings while tracing. Auto axes of the same mesh are left to propagation, and
meshes without Explicit axes behave as before.
"""

from __future__ import annotations

import functools

from meshjit.compiler.errors import (
    MeshjitKeyError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import sharding_rules as rules
from meshjit.compiler.ir.core import Literal
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp
from meshjit.compiler.lowering import LoweringRuleContext
from meshjit.compiler.parallel.sharding import (
    UNCONSTRAINED,
    AbstractMesh,
    AxisType,
    Mesh,
    NamedSharding,
    PartitionSpec,
    flatten_shardings,
    get_abstract_context_mesh,
    get_context_mesh,
    is_sharding_leaf,
    resolve_spec,
    scoped_mesh,
    shard_map_body_mesh,
)
from meshjit.compiler.trace.tracing import Tracer, abstractify, current_trace
from meshjit.compiler.tree_util import broadcast_prefix, tree_flatten, tree_map, tree_unflatten
from meshjit.dialects.sdy import DimSharding, TensorSharding, constrain, tensor_sharding_attr
from meshjit.dialects.util import BoundedCache

# ---------------------------------------------------------------------------------------------
# Type shardings: NamedShardings over abstract meshes, one shared object per (mesh, spec).

_TYPE_SHARDINGS = BoundedCache()


def _type_sharding(
    mesh: AbstractMesh, spec: tuple, unreduced=frozenset(), reduced=frozenset()
) -> NamedSharding:
    key = (mesh, mesh.axis_types, spec, unreduced, reduced)  # == ignores the axis types
    s = _TYPE_SHARDINGS.get(key)
    if s is None:
        p = PartitionSpec(*spec, unreduced=unreduced, reduced=reduced)
        s = _TYPE_SHARDINGS.put(key, NamedSharding(mesh, p))
    return s


rules.state.factory = _type_sharding


def _checked_context_mesh():
    """The abstract context mesh typed operands must be on (not checked inside shard_map,
    whose body's axes are Manual)."""
    trace = current_trace()
    if trace is not None and trace.axis_env is not None:
        return None
    return get_abstract_context_mesh()


rules.state.context_mesh = _checked_context_mesh


_EXPLICIT_AXES: dict = {}


def explicit_axes_of(mesh) -> frozenset:
    key = (mesh.axis_names, mesh.axis_types)
    axes = _EXPLICIT_AXES.get(key)
    if axes is None:
        axes = _EXPLICIT_AXES[key] = frozenset(
            n for n, t in zip(mesh.axis_names, mesh.axis_types) if t is AxisType.Explicit
        )
    return axes


_TYPE_SPECS = BoundedCache()


def type_spec(sharding: NamedSharding, ndim: int) -> tuple | None:
    """The part of `sharding` a type holds (its Explicit axes), or None on a mesh without any."""
    key = (sharding, sharding.mesh.axis_types, ndim)  # mesh equality ignores axis types
    if key not in _TYPE_SPECS:
        return _TYPE_SPECS.put(key, _type_spec(sharding, ndim))
    return _TYPE_SPECS[key]


def _type_spec(sharding: NamedSharding, ndim: int) -> tuple | None:
    explicit = explicit_axes_of(sharding.mesh)
    if not explicit:
        return None
    spec = sharding.spec
    out = []
    for i in range(ndim):
        if i < len(spec) and spec[i] is UNCONSTRAINED:
            out.append(None)
            continue
        axes = tuple(a for a in spec.axes_of(i) if a in explicit)
        out.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return tuple(out)


def typed_aval(aval, sharding, what: str = "a value"):
    """`aval` with the type sharding `sharding` gives it (unchanged for other shardings)."""
    if type(sharding) is not NamedSharding:
        return aval
    spec = type_spec(sharding, aval.ndim)
    if spec is None:
        return aval
    reduced = _explicit_part(sharding, sharding.spec.reduced)
    return rules.typed(aval, sharding.mesh.abstract_mesh, spec, what, reduced=reduced)


def array_aval(aval, sharding: NamedSharding):
    """The aval of an Array laid out by `sharding`: typed by its Explicit axes, else untyped
    and on its mesh of Auto axes (JAX's avals keep it: see rules.common_mesh)."""
    spec = type_spec(sharding, aval.ndim)
    if spec is None:
        return rules.on_mesh(aval, sharding.mesh.abstract_mesh)
    reduced = _explicit_part(sharding, sharding.spec.reduced)
    own = aval.sharding
    if own is not None and tuple(own.spec) == spec and own.spec.reduced == reduced:
        return aval
    check_divisible(aval, NamedSharding(sharding.mesh.abstract_mesh, PartitionSpec(*spec)))
    return rules.typed(aval, sharding.mesh.abstract_mesh, spec, "an array", reduced=reduced)


def _explicit_part(sharding: NamedSharding, axes: frozenset) -> frozenset:
    """The Explicit ones of a spec's unreduced or reduced axes."""
    return frozenset(axes & explicit_axes_of(sharding.mesh)) if axes else frozenset()


def concrete_sharding(aval, meshes) -> NamedSharding | None:
    """The NamedSharding on a concrete mesh (one of `meshes`, or the context's) of a typed aval."""
    s = aval.sharding
    if s is None:
        return None
    for mesh in [*meshes, get_context_mesh()]:
        if isinstance(mesh, Mesh) and mesh.abstract_mesh == s.mesh:
            return NamedSharding(mesh, s.spec)
    return None


def meshless_outputs(jaxpr) -> list[bool]:
    """Per output of `jaxpr`: whether JAX's aval of it lives on no mesh. JAX's avals of a jit's
    untyped arguments (NumPy values, in_shardings or not) have an empty mesh, which unary ops,
    reductions and the shape ops keep, while n-ary elementwise ops, broadcasts and creation
    functions put their results on the context mesh. Under a mesh of Explicit axes the former
    outputs are left to propagation (JAX's result sharding is XLA's), the latter replicated."""
    meshless = _meshless_vars(jaxpr.constvars, jaxpr.invars, jaxpr.eqns)
    return [type(v) is not Literal and v in meshless for v in jaxpr.outvars]


def _meshless_vars(constvars, invars, eqns) -> set:
    meshless = {v for v in [*constvars, *invars] if _untyped(v.aval)}
    for eqn in eqns:
        operands = [v for v in eqn.invars if type(v) is not Literal]
        if operands and _keeps_mesh(eqn) and all(v in meshless for v in operands[: _kept(eqn)]):
            meshless.update(v for v in eqn.outvars if _untyped(v.aval))
    return meshless


def _untyped(aval) -> bool:
    return getattr(aval, "sharding", None) is None and getattr(aval, "mesh", None) is None


# The primitives whose result lives on their (first) operand's mesh in JAX, besides unary
# elementwise ops (`dot_general`: on either operand's).
_MESH_KEEPING = frozenset({
    "reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_and", "reduce_or",
    "reduce_xor", "argmax", "argmin", "transpose", "reshape", "squeeze", "slice",
    "dynamic_slice", "pad", "rev", "sort", "cumsum", "cumprod", "cummax", "cummin",
    "cumlogsumexp", "convert_element_type", "reduce_precision", "copy", "copy_p",
    "dot_general", "integer_pow", "stop_gradient",
})  # fmt: skip


def _keeps_mesh(eqn) -> bool:
    name = eqn.primitive.name
    if name == "reshape":  # JAX's expand_dims is a broadcast (onto the context mesh)
        old, new = eqn.invars[0].aval.shape, eqn.params["new_sizes"]
        inserts_ones = len(new) > len(old) and _non_ones(new) == _non_ones(old)
        return not inserts_ones
    if name in _MESH_KEEPING:
        return True
    rule = sharding_rules.get(eqn.primitive)
    return getattr(rule, "elementwise", False) and len(eqn.invars) == 1


def _non_ones(shape) -> tuple:
    return tuple(d for d in shape if d != 1)


def _kept(eqn) -> int:
    """How many leading operands carry the mesh (dot_general: both)."""
    return 2 if eqn.primitive.name == "dot_general" else 1


# ---------------------------------------------------------------------------------------------
# reshard: a primitive whose result has the requested type; a sharding constraint in the IR.

reshard_p = Primitive("reshard")


def retyped(x, sharding: NamedSharding, what: str):
    """`x`'s aval as `sharding` types it (reshard, and constraints on Explicit axes); untyped
    on a mesh without Explicit axes."""
    key = (sharding, sharding.mesh.axis_types, x.ndim)  # mesh equality ignores axis types
    parts = _RETYPED.get(key)
    if parts is None:
        sharding.check_rank(x.ndim, f"{what} of {x.str_long()}")
        spec = type_spec(sharding, x.ndim)
        unreduced = _explicit_part(sharding, sharding.spec.unreduced)
        reduced = _explicit_part(sharding, sharding.spec.reduced)
        parts = _RETYPED.put(key, (spec, sharding.mesh.abstract_mesh, unreduced, reduced))
    spec, mesh, unreduced, reduced = parts
    if spec is None:  # on the mesh as JAX's avals (its context check refuses it elsewhere)
        return rules.on_mesh(x if x.sharding is None else x.update(sharding=None), mesh)
    return rules.typed(x, mesh, spec, what, unreduced, reduced)


_RETYPED = BoundedCache()  # (sharding, axis types, rank) -> (type spec, mesh, unreduced, reduced)


@abstract_eval_rules.register(reshard_p)
def _reshard_rule(x, *, sharding: NamedSharding):
    return retyped(x, sharding, "reshard")


sharding_rules.register(reshard_p, rules.keep)


def _reshard_lowering(ctx: LoweringRuleContext, x, *, sharding: NamedSharding):
    mctx, ndim = ctx.module_ctx, ctx.avals_in[0].ndim
    name = mctx.mesh_symbol(sharding.mesh.mesh_shape)
    key = (mctx.context, sharding, ndim, name)
    attr = _RESHARD_ATTRS.get(key)
    if attr is None:
        auto = set(sharding.mesh.axis_names) - explicit_axes_of(sharding.mesh)
        dims = []
        for i in range(ndim):
            axes = sharding.spec.axes_of(i) if i < len(sharding.spec) else ()
            dims.append(DimSharding(axes, is_closed=not auto))
        unreduced = tuple(a for a in sharding.mesh.axis_names if a in sharding.spec.unreduced)
        ts = TensorSharding(name, tuple(dims), unreduced=unreduced)
        attr = _RESHARD_ATTRS.put(key, tensor_sharding_attr(ts))
    return constrain(x, attr)


_RESHARD_ATTRS = (
    BoundedCache()
)  # (context, sharding, rank, mesh symbol) -> the constraint's attribute


lowering_rules.register(reshard_p, _reshard_lowering)
linear_jvp(reshard_p)


@transpose_rules.register(reshard_p)
def _reshard_transpose(ct, x, *, sharding):
    """The cotangent goes back to the operand's type sharding; an untyped operand's (an op
    computed with out_sharding=, as JAX's auto_axes) gets an untyped cotangent."""
    aval = aval_of(x)
    if aval.sharding is None and aval_of(ct).sharding is not None:
        return [_untyped(ct)]
    return [reshard_to_ct_type(ct, aval)]


def reshard_to_ct_type(ct, aval):
    """A cotangent resharded to the type of `aval`'s cotangents: as in JAX, reduced and
    unreduced swap (the cotangent of a value reduced over X is a partial sum over X)."""
    s = aval.sharding
    if s is not None and (s.spec.reduced or s.spec.unreduced):
        swapped = _type_sharding(s.mesh, tuple(s.spec), s.spec.reduced, s.spec.unreduced)
        aval = aval.update(sharding=swapped)
    return reshard_to_type(ct, aval)


def reshard_to_type(value, aval):
    """`value` resharded to `aval`'s type sharding where its own differs (cotangents)."""
    s = aval.sharding
    if s is None or aval_of(value).spec_key == aval.spec_key:
        return value
    if current_trace() is not None:
        return reshard_p.bind(value, sharding=s)
    own = getattr(value, "sharding", None)
    target = concrete_sharding(aval, [own.mesh] if isinstance(own, NamedSharding) else [])
    if target is None:
        return value
    from meshjit.compiler.runtime.device_put import device_put

    return device_put(value, target)


@batching_rules.register(reshard_p)
def _reshard_batcher(args, dims, *, sharding):
    (x,), (d,) = args, dims
    ndim = aval_of(x).ndim - 1
    spec = list(sharding.spec) + [None] * (ndim - len(sharding.spec))
    spec.insert(d, None)
    return reshard_p.bind(x, sharding=NamedSharding(sharding.mesh, PartitionSpec(*spec))), d


def reshard(xs, out_shardings):
    """`meshjit.sharding.reshard(x, P(...) or NamedSharding)`: `x` (a pytree) with the given
    shardings as its type; inside jit a sharding constraint XLA executes, outside a copy."""
    if out_shardings is None:  # JAX's words
        raise MeshjitValueError(
            "Reshard should only be used with out_shardings which are non-None and have a "
            "non-empty mesh. Got sharding None."
        )
    leaves, treedef = tree_flatten(xs)
    targets = flatten_shardings(out_shardings, xs, "reshard")
    return tree_unflatten(treedef, [_reshard_leaf(x, s) for x, s in zip(leaves, targets)])


def _reshard_leaf(x, sharding: NamedSharding):
    if sharding is None:
        return x
    aval = abstractify(x)
    sharding = _spec_for_rank(sharding, aval.ndim)
    _check_reshard(aval, sharding)
    if current_trace() is None:
        from meshjit.compiler.runtime.device_put import device_put

        if isinstance(sharding.mesh, AbstractMesh):
            own = getattr(x, "sharding", None)
            meshes = [own.mesh] if isinstance(own, NamedSharding) else []
            sharding = concrete_sharding(aval.update(sharding=sharding), meshes) or sharding
        return device_put(x, sharding)
    return reshard_p.bind(x, sharding=sharding)


def _spec_for_rank(sharding: NamedSharding, ndim: int) -> NamedSharding:
    """JAX's `_normalized_spec_for_aval`: the spec given one entry per dimension (the result's
    `.sharding.spec` is `P(None, None)`, not `P()`); trailing None entries past the rank are
    dropped, as JAX's canonical spec drops them."""
    spec = sharding.spec
    if len(spec) == ndim:
        return sharding
    if len(spec) > ndim:
        if any(entry is not None for entry in spec[ndim:]):
            return sharding  # _check_reshard refuses it
        trimmed = PartitionSpec(*spec[:ndim], unreduced=spec.unreduced, reduced=spec.reduced)
        return NamedSharding(sharding.mesh, trimmed)
    padded = PartitionSpec(
        *spec, *[None] * (ndim - len(spec)), unreduced=spec.unreduced, reduced=spec.reduced
    )
    return NamedSharding(sharding.mesh, padded)


def _check_reshard(aval, sharding: NamedSharding) -> None:
    types = dict(zip(sharding.mesh.axis_names, sharding.mesh.axis_types))
    spec = sharding.spec
    for a in [*_spec_axes(spec), *sorted(spec.unreduced), *sorted(spec.reduced)]:
        if types.get(a, AxisType.Explicit) is not AxisType.Explicit:
            raise MeshjitValueError(
                "PartitionSpec passed to reshard cannot contain axis names that are of type Auto "
                f"or Manual. Got PartitionSpec: {spec} with axis name: {a} of type: {types[a]}."
            )
    if len(sharding.spec) > aval.ndim:
        raise MeshjitValueError(
            f"reshard: the spec {sharding.spec} has {len(sharding.spec)} entries but the value "
            f"{aval.str_long()} has rank {aval.ndim}"
        )
    # as JAX's reshard: the type's sharding, over the abstract mesh
    abstract = getattr(sharding.mesh, "abstract_mesh", sharding.mesh)
    check_divisible(aval, NamedSharding(abstract, sharding.spec))


def check_divisible(aval, sharding: NamedSharding) -> None:
    """Every sharded dimension of `aval` divides evenly (JAX's check of a typed value)."""
    uneven = _first_uneven(aval, sharding)
    if uneven is not None:
        dim, parts = uneven
        entry = sharding.spec[dim]
        shown = entry if isinstance(entry, tuple) else (entry,)
        raise MeshjitValueError(  # JAX's words
            f"Sharding spec {shown} implies that array axis {dim} is partitioned {parts} "
            f"times, but does not evenly divide the dimension size {aval.shape[dim]}. Got "
            f"shape: {aval.shape} and sharding {sharding}"
        )


def divides_evenly(aval, sharding: NamedSharding) -> bool:
    """Whether every sharded dimension of `aval` divides evenly."""
    return _first_uneven(aval, sharding) is None


def _first_uneven(aval, sharding: NamedSharding):
    """(dim, number of pieces) of the first dimension `sharding` splits unevenly, else None."""
    sizes = sharding.mesh.shape
    for dim in range(min(len(sharding.spec), aval.ndim)):
        parts = 1
        for a in sharding.spec.axes_of(dim):
            parts *= sizes[a]
        if aval.shape[dim] % parts:
            return dim, parts
    return None


# ---------------------------------------------------------------------------------------------
# out_sharding= of the creation and contraction functions: compute, then reshard.


def with_out_sharding(x, out_sharding, what: str):
    """`x` resharded to `out_sharding` (a P resolved against the context mesh, or a
    NamedSharding); None leaves it as it is."""
    if out_sharding is None:
        return x
    return computed_with(out_sharding, what, lambda v: v, x)


def _check_out_axes(sharding: NamedSharding, what: str) -> None:
    types = dict(zip(sharding.mesh.axis_names, sharding.mesh.axis_types))
    explicit = explicit_axes_of(sharding.mesh)
    for i in range(len(sharding.spec)):
        for a in sharding.spec.axes_of(i):
            if a not in explicit:
                err = MeshjitValueError(  # JAX's ValueError (sharding_impls) and words
                    f"PartitionSpec passed to {_JAX_API_NAMES.get(what, what)} cannot contain "
                    "axis names that are of type Auto or Manual. Got PartitionSpec: "
                    f"{sharding.spec} with axis name: {a} of type: AxisType.{types[a].name}."
                )
                err.add_note(
                    f"{what}: only Explicit axes can be in a type, use with_sharding_constraint "
                    "for Auto axes"
                )
                raise err


# The primitive or function JAX's message names for meshjit's `what`.
_JAX_API_NAMES = {
    **dict.fromkeys(("dot", "matmul", "tensordot", "inner", "vdot"), "dot_general"),
    **{f: f"jnp.{f}" for f in ("zeros", "ones", "arange", "zeros_like", "ones_like")},
    "empty": "jnp.zeros",  # JAX's empty is its zeros
}


def place(x, target, what: str, device=None):
    """`x` where `device=` / `out_sharding=` of a creation function put it: a sharding over
    Explicit axes types it, another sharding constrains it, a device moves it (outside jit)."""
    if what in _CONVERT_FAMILY and target is device and not _is_placement(device):
        raise MeshjitValueError(  # JAX's words (its convert_element_type's sharding check)
            f"sharding={device!r} must be an instance of jax.sharding.Sharding"
        )
    if target is device and type(target) is NamedSharding and isinstance(target.mesh, Mesh):
        if what in _FULL_FAMILY:
            return _full_on(x, target)
        if what in _PUT_FAMILY and current_trace() is None:
            return _device_put(x, target)
    if isinstance(target, (NamedSharding, PartitionSpec)):
        sharding = resolve_spec(target, f"{what}(out_sharding=...)")
        _check_context_mesh(sharding, what)
        if target is not device or explicit_axes_of(sharding.mesh) & set(_spec_axes(sharding.spec)):
            return computed_with(sharding, what, lambda v: v, x)
        from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint

        return with_sharding_constraint(x, sharding)
    if current_trace() is None:
        return _device_put(x, target)
    return x


# The creation functions of JAX's lax.full, whose device= sharding lays the array out eagerly
# (as given: P('x') stays P('x',)) and is ignored inside jit.
_FULL_FAMILY = frozenset({"zeros", "ones", "full", "full_like"})


# The creation functions JAX places with convert_element_type(..., sharding=device), which
# takes only a device or a sharding.
_CONVERT_FAMILY = frozenset({"jnp.asarray", "jnp.array", "linspace"})


def _is_placement(device) -> bool:
    """Not a name or a number (JAX takes a device or a sharding there)."""
    return not isinstance(device, (str, int))


# The creation functions JAX ends with device_put(result, device).
_PUT_FAMILY = frozenset({"eye", "linspace"})


def _device_put(x, sharding):
    from meshjit.compiler.runtime.device_put import device_put

    return device_put(x, sharding)


def _full_on(x, sharding: NamedSharding):
    """JAX's lax.full with a concrete sharding: an Array of a strong type laid out by it (JAX
    builds it shard by shard), or, traced, the value as it is."""
    if current_trace() is not None:
        return x
    from meshjit.compiler.lax.elementwise import convert_element_type

    return _device_put(convert_element_type(x, x.dtype), sharding)


def _check_context_mesh(sharding: NamedSharding, what: str) -> None:
    """As JAX: an out_sharding= on another mesh than the context's (set_mesh's) is refused,
    unless both meshes are all Auto."""
    current = get_abstract_context_mesh()
    given = sharding.mesh.abstract_mesh
    if current is None or given == current:
        return
    if AxisType.Manual in given.axis_types:  # a partly manual shard_map body's types' mesh
        return
    if all(t is AxisType.Auto for t in (*current.axis_types, *given.axis_types)):
        return
    raise MeshjitValueError(
        f"Context mesh {current!r} should match the mesh of sharding {given!r} passed to "
        f"{_JAX_API_NAMES.get(what, what)}: make the out_sharding on the context mesh, or call "
        "it outside this set_mesh"
    )


def _spec_axes(spec) -> list:
    return [a for i in range(len(spec)) for a in spec.axes_of(i)]


def computed_with(out_sharding, what: str, fun, *args):
    """`fun(*args)` typed by `out_sharding` instead of its sharding rule (JAX's out_sharding=
    of dot_general, reshape, einsum, ...): the operands' types are set aside (no data moves),
    the op is computed, and its result resharded."""
    sharding = resolve_spec(out_sharding, f"{what}(out_sharding=...)")
    _check_context_mesh(sharding, what)
    _check_out_axes(sharding, what)
    if current_trace() is None and any(abstractify(a).sharding is not None for a in args):
        from meshjit.compiler.jit.api import jit  # eagerly: as one jitted op

        return jit(lambda *xs: computed_with(sharding, what, fun, *xs))(*args)
    args = [_untyped(a) for a in args]
    return _reshard_leaf(fun(*args), sharding)


def _untyped(x):
    aval = getattr(x, "aval", None) if current_trace() is not None else None
    if aval is None or aval.sharding is None:
        return x
    empty = NamedSharding(aval.sharding.mesh, PartitionSpec())
    return retype_p.bind(x, sharding=empty)


# ---------------------------------------------------------------------------------------------
# The abstract mesh of the context, and moving between Auto and Explicit inside a program.


def get_abstract_mesh():
    """The abstract context mesh (set_mesh's or use_abstract_mesh's; an empty one outside
    them, `with mesh:` included, as JAX); in a shard_map body, its mesh with the manual axes
    typed Manual (as JAX's)."""
    mesh = shard_map_body_mesh() or get_abstract_context_mesh()
    return AbstractMesh((), ()) if mesh is None else mesh


def shown_sharding(x, aval) -> NamedSharding:
    """The sharding `typeof(x)` shows. JAX's avals always hold one; an untyped value's names no
    axis, over the mesh it lives on: an Array's own, an Auto mesh's, a jit argument's none (and
    so the unary ops' and shape ops' results of one: `meshless_outputs`), and what else is
    computed inside a trace the context's abstract mesh (JAX's rules give it to results of
    operands on no mesh)."""
    if aval.sharding is not None:
        return aval.sharding
    mesh = aval.mesh
    if mesh is None:
        mesh = _untyped_mesh(x)
    return _type_sharding(mesh, (None,) * aval.ndim)


def _untyped_mesh(x):
    if type(x) is not Tracer:
        s = getattr(x, "sharding", None)
        return s.mesh.abstract_mesh if type(s) is NamedSharding else AbstractMesh((), ())
    trace = x._trace
    if trace.kind is None and x._var in _meshless_vars(trace.constvars, trace.invars, trace.eqns):
        return AbstractMesh((), ())  # JAX's: an argument, or a unary op's result of one
    mesh = get_abstract_context_mesh()
    return AbstractMesh((), ()) if mesh is None else mesh


def with_axis_types(mesh, axes, kind: AxisType, what: str):
    unknown = [a for a in axes if a not in mesh.axis_names]
    if unknown:  # JAX's KeyError: its lookup of the axis's type
        raise MeshjitKeyError(
            f"{unknown[0]!r}: {what}: axes {unknown} are not in the mesh (its axes are "
            f"{mesh.axis_names})"
        )
    types = tuple(kind if n in axes else t for n, t in zip(mesh.axis_names, mesh.axis_types))
    if isinstance(mesh, Mesh):
        return Mesh(mesh.devices, mesh.axis_names, types)
    return AbstractMesh(
        mesh.axis_sizes, mesh.axis_names, types, abstract_device=mesh.abstract_device
    )


def _axes_tuple(axes) -> tuple:
    return (axes,) if isinstance(axes, str) else tuple(axes)


def _current_mesh(what: str):
    mesh = get_context_mesh()
    if mesh is None:
        raise MeshjitValueError(
            "Context mesh cannot be empty. Please use `jax.set_mesh` API to enter into a mesh "
            f"context when using `{what}` API: call it under meshjit.set_mesh(mesh)"
        )
    return mesh


def auto_axes(f=None, /, *, axes=None, out_sharding=None):
    """`auto_axes(f, axes=..., out_sharding=...)`: runs `f` with `axes` of the context mesh made
    Auto (their layout left to propagation), then reshards its results to `out_sharding` (as
    JAX: given here or as a keyword argument of the call)."""
    if f is None:
        return functools.partial(auto_axes, axes=axes, out_sharding=out_sharding)

    def run(mesh, target, args, kwargs):
        inner = with_axis_types(mesh, _axes_or_all(mesh, axes), AxisType.Auto, "auto_axes")
        args = tree_map(lambda x: _drop_axes(x, inner), args)
        with scoped_mesh(inner):
            out = f(*args, **kwargs)
            # back on the context mesh (JAX's mesh_cast): the Explicit axes left in the types
            out = tree_map(lambda x: _drop_axes(x, mesh), out)
        with scoped_mesh(mesh):
            return _reshard_tree(out, target, "auto_axes")

    switched = _mode_switch(f, "auto_axes", "out_sharding", out_sharding, run)

    @functools.wraps(f)
    def without_context_mesh(*args, **kwargs):
        # As JAX: with no context mesh the mesh of a NamedSharding in out_sharding is used; with
        # none either there are no axes to make Auto, and `f` runs as it is.
        target = kwargs.get("out_sharding", out_sharding)
        context = get_context_mesh()
        if context is not None and set(context.auto_axes) == set(_axes_or_all(context, axes)):
            kwargs.pop("out_sharding", None)  # as JAX: the axes are Auto already
            return f(*args, **kwargs)
        if context is not None or target is None:
            return switched(*args, **kwargs)
        leaves, _ = tree_flatten(target, is_leaf=is_sharding_leaf)
        mesh = next((s.mesh for s in leaves if isinstance(s, NamedSharding)), None)
        if mesh is None:
            kwargs.pop("out_sharding", None)
            return f(*args, **kwargs)
        with scoped_mesh(mesh):
            return switched(*args, **kwargs)

    return without_context_mesh


def explicit_axes(f=None, /, *, axes=None, in_sharding=None):
    """`explicit_axes(f, axes=..., in_sharding=...)`: runs `f` with `axes` of the context mesh
    made Explicit, its arguments resharded to `in_sharding` (given here or as a keyword
    argument of the call); the results leave the types of the axes that are not Explicit
    outside."""
    if f is None:
        return functools.partial(explicit_axes, axes=axes, in_sharding=in_sharding)

    def run(mesh, given, args, kwargs):
        names = _axes_or_all(mesh, axes)
        inner = with_axis_types(mesh, names, AxisType.Explicit, "explicit_axes")
        # onto the inner mesh while the context is still the outer one (JAX's reshard moves
        # values between the two meshes): the outer mesh's Explicit axes stay in the types
        args = tree_map(lambda x: _drop_axes(x, inner), args)
        with scoped_mesh(inner):
            args = _reshard_tree(args, given, "explicit_axes")
            out = f(*args, **kwargs)
            # retyped under the inner mesh: its values meet the context check (JAX's mesh_cast)
            return tree_map(lambda x: _drop_axes(x, mesh), out)

    return _mode_switch(f, "explicit_axes", "in_sharding", in_sharding, run)


def _mode_switch(fun, what: str, name: str, given, run):
    """The wrapper auto_axes / explicit_axes return: the sharding argument `name` from the
    decoration or the call, then `run(mesh, sharding, args, kwargs)` under a trace (eagerly,
    as one jitted call)."""

    @functools.wraps(fun)
    def wrapped(*args, **kwargs):
        sharding = _required(kwargs, name, given, what)
        if current_trace() is None:
            from meshjit.compiler.jit.api import jit

            return jit(lambda *a, **k: wrapped(*a, **{name: sharding}, **k))(*args, **kwargs)
        return run(_current_mesh(what), sharding, args, kwargs)

    return wrapped


def _required(kwargs: dict, name: str, given, what: str):
    at_call = kwargs.pop(name, None)
    if given is None and at_call is None:
        raise MeshjitTypeError(
            f"Missing required keyword argument: '{name}' ({what}: give it to {what}(...) or "
            "to the call)"
        )
    return given if given is not None else at_call


def _axes_or_all(mesh, axes) -> tuple:
    return mesh.axis_names if axes is None else _axes_tuple(axes)


def _reshard_tree(tree, shardings, what: str):
    leaves, treedef = tree_flatten(tree)
    targets = broadcast_prefix(shardings, tree, is_leaf=is_sharding_leaf)
    return tree_unflatten(treedef, [with_out_sharding(x, s, what) for x, s in zip(leaves, targets)])


def _drop_axes(x, mesh):
    """`x` retyped for `mesh`: the axes that are not Explicit there leave its type (the layout
    stays; propagation may keep it)."""
    aval = abstractify(x)
    s = aval.sharding
    if s is None or current_trace() is None:
        return x
    explicit = explicit_axes_of(mesh)
    spec = []
    for entry in s.spec:
        axes = tuple(a for a in rules.entry_axes(entry) if a in explicit)
        spec.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    if tuple(spec) == tuple(s.spec) and s.mesh.axis_types == mesh.axis_types:
        return x
    return retype_p.bind(x, sharding=NamedSharding(mesh.abstract_mesh, PartitionSpec(*spec)))


# retype: the same value with fewer axes in its type (auto_axes): an open sharding in the IR.
retype_p = Primitive("retype")


@abstract_eval_rules.register(retype_p)
def _retype_rule(x, *, sharding: NamedSharding):
    spec = type_spec(sharding, x.ndim)
    if spec is None or not any(e is not None for e in spec):
        return x.update(sharding=None)
    return rules.typed(x, sharding.mesh.abstract_mesh, spec, "auto_axes")


sharding_rules.register(retype_p, rules.keep)
lowering_rules.register(retype_p, lambda ctx, x, *, sharding: x)
linear_jvp(retype_p)


@transpose_rules.register(retype_p)
def _retype_transpose(ct, x, *, sharding):
    return [ct]


@batching_rules.register(retype_p)
def _retype_batcher(args, dims, *, sharding):
    (x,), (d,) = args, dims
    spec = list(sharding.spec) + [None] * (aval_of(x).ndim - 1 - len(sharding.spec))
    spec.insert(d, None)
    return retype_p.bind(x, sharding=NamedSharding(sharding.mesh, PartitionSpec(*spec))), d
