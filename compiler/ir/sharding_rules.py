"""Explicit sharding in the types: how a primitive's result types get their shardings.

On a mesh with `AxisType.Explicit` axes a value's aval carries a NamedSharding over the abstract
mesh (`f32[8@X,4@Y]`). Each primitive's family registers a sharding rule next to its other
rules: `rule(out, *avals, **params)` returns the result's spec (a tuple with one entry per
dimension: None, an axis name, or a tuple of names), a list of them for primitives with several
results, or None to keep the result types the abstract eval gave (calls, control flow: their
types come from their jaxprs). A primitive without a rule gives replicated results.

`apply` runs after the abstract eval of every primitive that has a typed operand; the rules
share the factor vocabulary of `passes/rules` where it fits (dimensions that map one to one keep
their axes, contracted/reduced dimensions lose them)."""

from __future__ import annotations

import contextlib
import math

from meshjit.compiler.errors import MeshjitValueError, ShardingTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, dim_str
from meshjit.compiler.ir.registry import sharding_rules


class _State:
    active = False  # set once a typed aval exists: untyped programs skip every check
    factory = None  # (abstract mesh, spec tuple) -> sharding, set by parallel/explicit.py
    context_mesh = staticmethod(lambda: None)  # the abstract context mesh, likewise


state = _State()


@contextlib.contextmanager
def without_context_mesh():
    """Re-deriving a traced jaxpr's types after tracing (the typecheck) happens outside the
    mesh scopes it was traced in (explicit_axes / auto_axes): the context-mesh check was made
    while tracing, under the right mesh, and is not repeated."""
    saved = state.context_mesh
    state.context_mesh = lambda: None
    try:
        yield
    finally:
        state.context_mesh = saved


_UNTYPED = [(None,) * n for n in range(16)]


def spec_of(aval) -> tuple:
    """The aval's spec, one entry per dimension (all None when untyped); a PartitionSpec is a
    tuple, returned as it is."""
    s = aval.sharding
    if s is not None:
        return s.spec
    n = len(aval.shape)
    return _UNTYPED[n] if n < 16 else (None,) * n


def entry_axes(entry) -> tuple:
    if entry is None:
        return ()
    return (entry,) if isinstance(entry, str) else tuple(entry)


# primitives moving a value between meshes: JAX's check their operands on a mesh of Auto axes
# escape (their abstract evals are not the standard one)
_MOVES = frozenset({"reshard", "retype", "sharding_constraint", "mesh_cast", "device_put"})


def common_mesh(prim_name: str, avals):
    """The mesh the operands live on (typed ones, or untyped ones on a mesh of Auto axes), or
    None. As JAX's: operands on different meshes are refused unless neither has an Explicit
    axis (the result then lives on no mesh)."""
    mesh = None
    for a in avals:
        s = a.sharding
        m = a.mesh if s is None else s.mesh
        if m is None or m is mesh:
            continue
        if has_explicit_axes(m) or prim_name not in _MOVES:
            _check_context_mesh(prim_name, m)  # (first, as JAX's abstract eval)
        if mesh is None:
            mesh = m
        elif m != mesh:  # (meshes compare their axis types too)
            if not has_explicit_axes(mesh) and not has_explicit_axes(m):
                return None
            raise MeshjitValueError(
                f"Mesh for all inputs should be equal. Got one mesh: {mesh} and another mesh: "
                f"{m} (in {prim_name}); reshard or device_put the operands onto one mesh"
            )
    return mesh


def _check_context_mesh(prim_name: str, mesh) -> None:
    """As JAX's: operands on a mesh other than the context's (set_mesh's, use_abstract_mesh's)
    are an error, unless both meshes are of Auto axes only (an operand resharded onto a mesh
    of Auto axes, then used under use_abstract_mesh of an Explicit one, is refused too)."""
    context = state.context_mesh()
    if context is None or (context == mesh and context.axis_types == mesh.axis_types):
        return
    if not has_explicit_axes(mesh) and not has_explicit_axes(context):
        return
    raise MeshjitValueError(
        f"For primitive {prim_name}, context mesh {context} should match the aval mesh "
        f"{mesh}: values typed on one mesh are used under another; set_mesh the mesh they "
        "are on, or reshard them onto the context's"
    )


def has_explicit_axes(mesh) -> bool:
    return any(t.name == "Explicit" for t in mesh.axis_types)


def on_mesh(aval, mesh):
    """An untyped `aval` living on `mesh` (of no Explicit axis); marks the rules active, so
    that results keep the mesh and a primitive meeting another mesh refuses it."""
    if aval.mesh is mesh and aval.sharding is None:
        return aval
    state.active = True
    return ShapedArray(aval.shape, aval.dtype, aval.weak_type, aval.vma, None, mesh)


def _all_on_mesh(out, mesh):
    if isinstance(out, list):
        return [o if o.sharding is not None else on_mesh(o, mesh) for o in out]
    return out if out.sharding is not None else on_mesh(out, mesh)


_CHECKED: dict = {}  # (id(mesh), shape, spec) -> (mesh, its type sharding): checked once


def typed(aval, mesh, spec: tuple, what="", unreduced=frozenset(), reduced=frozenset()):
    """`aval` with the type sharding `spec` on `mesh` (a partial sum over `unreduced`, a sum
    whose cotangent is partial over `reduced`); every sharded dim must divide evenly and no axis
    may be used twice (checked once per mesh, shape and spec)."""
    spec = spec if type(spec) is tuple else tuple(spec)
    key = (id(mesh), aval.shape, spec, unreduced, reduced)
    hit = _CHECKED.get(key)
    if hit is None or hit[0] is not mesh:
        _check(aval, mesh, spec, unreduced | reduced, what)
        if len(_CHECKED) > 8192:
            _CHECKED.clear()
        hit = _CHECKED[key] = (mesh, state.factory(mesh, spec, unreduced, reduced))
    state.active = True
    out = ShapedArray(aval.shape, aval.dtype, aval.weak_type, aval.vma, hit[1])
    out.key = aval.key
    return out


def _check(aval, mesh, spec: tuple, unreduced: frozenset, what) -> None:
    what = what() if callable(what) else what
    if len(spec) != len(aval.shape):  # JAX's get_sharding: a ValueError
        raise MeshjitValueError(
            f"{what}: a sharding spec {spec} for a value of rank {len(aval.shape)}"
        )
    used = [a for e in spec for a in entry_axes(e)] + list(unreduced)
    if len(used) != len(set(used)):
        dims = ",".join(dim_str(n, e) for n, e in zip(aval.shape, spec))
        err = ShardingTypeError(  # JAX's words
            f"{what} produces an illegally sharded result: {dtypes.short_name(aval.dtype)}[{dims}]"
        )
        err.add_note(
            f"the result's spec {spec} uses a mesh axis twice; reshard an operand first "
            "(meshjit.sharding.reshard)"
        )
        raise err
    sizes = mesh.shape
    for dim, (n, entry) in enumerate(zip(aval.shape, spec)):
        parts = math.prod(sizes[a] for a in entry_axes(entry))
        if parts > 1 and n % parts:
            shown = entry if isinstance(entry, tuple) else (entry,)
            err = MeshjitValueError(  # JAX's words (its get_sharding's divisibility check)
                f"Sharding spec {shown} implies that array axis {dim} is partitioned {parts} "
                f"times, but does not evenly divide the dimension size {n}. Got shape: "
                f"{aval.shape}"
            )
            err.add_note(
                f"{what}: the result would be {aval.str_long()} with spec {spec}; pass an "
                "out_sharding that divides it, or reshard first"
            )
            raise err


def apply(prim, avals, out, params):
    """The result avals of `prim` with their type shardings (a no-op without typed operands)."""
    rule = sharding_rules.get(prim)
    if getattr(rule, "elementwise", False):
        sharding = _uniform_sharding(prim, avals, out)
        if sharding is not None:
            if has_explicit_axes(sharding.mesh):
                _check_context_mesh(prim.name, sharding.mesh)
            return ShapedArray(out.shape, out.dtype, out.weak_type, out.vma, sharding)
    mesh = common_mesh(prim.name, avals)
    if mesh is None and prim.name in OWN_MESH:
        mesh = _own_mesh(params["mesh"])
    if mesh is None:
        return out
    if not has_explicit_axes(mesh):  # JAX skips the rules on meshes of Auto (or Manual) axes
        return _all_on_mesh(out, mesh)
    specs = (rule or replicated)(out, *avals, **params)
    if not prim.multiple_results:
        if specs is None:
            return out
        unreduced = _kept_unreduced(prim, avals) if prim.name in KEEP_UNREDUCED else frozenset()
        reduced = _kept_reduced(prim, rule, avals) if _any_reduced(avals) else frozenset()
        what = lambda: (
            f"{prim.name} operation with inputs: "
            + ", ".join(  # noqa: E731
                a.str_short()
                for a in avals  # JAX's short dtypes here (f32[8@X])
            )
        )  # JAX's words, built only when the check fails
        return typed(out, mesh, specs, what, unreduced, reduced)
    if specs is None:
        return out
    return [o if s is None else typed(o, mesh, s, prim.name) for o, s in zip(out, specs)]


# Primitives over a mesh of their own (a param): on Explicit axes their results are typed
# even when their operands are not (shard_map's by its out_specs, as JAX's).
OWN_MESH = frozenset({"shard_map"})


def _own_mesh(mesh):
    return mesh.abstract_mesh if has_explicit_axes(mesh) else None


# Partial sums stay partial through the linear elementwise ops (their sum is still the sum of
# their parts) when every typed operand is partial over the same axes; other ops take the sum.
KEEP_UNREDUCED = frozenset({"add", "add_any", "sub", "neg", "convert_element_type"})


def _uniform_sharding(prim, avals, out):
    """The common case of an elementwise op, decided without the rule: every ranked operand
    has the result's shape, and the typed ones one sharding object (returned), or None."""
    first = None
    shape = out.shape
    for a in avals:
        s = a.sharding
        if s is None:
            if (a.shape and a.shape != shape) or a.mesh is not None:
                return None
            continue
        if first is None:
            if a.shape != shape:
                return None
            first = s
        elif (s is not first and s != first) or a.shape != shape:
            return None
    if first is None or (first.spec.unreduced and prim.name not in KEEP_UNREDUCED):
        return None
    if first.spec.reduced and any(a.sharding is None and a.shape for a in avals):
        return None  # the reduced rule's check
    return first


# Reduced values (JAX's `reduced`: a sum already taken, whose cotangent is a partial sum) stay
# reduced through the ops JAX gives a reduced rule; the elementwise ones need every ranked
# operand reduced over the same axes. Other ops (dot_general among them) give plain values.
KEEP_REDUCED = frozenset({
    "concatenate", "pad", "squeeze", "reshape", "transpose", "select_n", "reduce_sum",
    "reduce_precision", "slice", "dynamic_slice", "dynamic_update_slice",
    "convert_element_type", "expand_dims", "broadcast_in_dim",
})  # fmt: skip


def _any_reduced(avals) -> bool:
    for a in avals:  # a loop, not any(): this runs for every op of an explicit program
        s = a.sharding
        if s is not None and s.spec.reduced:
            return True
    return False


def _kept_reduced(prim, rule, avals) -> frozenset:
    elementwise = getattr(rule, "elementwise", False)
    if not elementwise and prim.name not in KEEP_REDUCED:
        return frozenset()
    ranked = [a for a in avals if a.shape] if elementwise else avals[:1]
    sets = {a.sharding.spec.reduced if a.sharding is not None else frozenset() for a in ranked}
    if len(sets) > 1:
        shown = ", ".join(a.str_long() for a in ranked)
        raise ShardingTypeError(
            f"{prim.name}: all inputs should be reduced across the same mesh axes, or none "
            f"replicated or sharded on the axes another is reduced on; got {shown}. Reshard "
            "the reduced input (meshjit.sharding.reshard) first"
        )
    return next(iter(sets))


def _kept_unreduced(prim, avals) -> frozenset:
    sets = {a.sharding.spec.unreduced for a in avals if a.sharding is not None and a.shape}
    return next(iter(sets)) if len(sets) == 1 else frozenset()


# ---------------------------------------------------------------------------------------------
# Rules shared by many families.


def replicated(out, *avals, **params):
    if isinstance(out, list):
        return [(None,) * len(o.shape) for o in out]
    return (None,) * len(out.shape)


def keep(out, *avals, **params):
    """The result types are the abstract eval's own (calls, control flow, custom_jvp)."""
    return None


def same_as_first(out, x, *rest, **params):
    return spec_of(x)


def broadcasting(name: str):
    """Elementwise ops (JAX's broadcasting_sharding_rule): per dimension, the operands'
    shardings agree, or one is None (or a size-1 dimension), else a ShardingTypeError."""

    def rule(out, *avals, **params):
        ranked = [a for a in avals if a.shape]
        if not ranked:
            return ()
        specs = [spec_of(a) for a in ranked]
        first = specs[0]
        if all(s == first and a.shape == out.shape for s, a in zip(specs, ranked)):
            return first  # the common case: operands of one shape and one sharding
        result = []
        for i in range(len(out.shape)):
            chosen = None
            for a, s in zip(ranked, specs):
                e = s[i] if i < len(s) else None
                if e is None or (a.shape[i] == 1 and e is None):
                    continue
                if chosen is None:
                    chosen = e
                elif e != chosen:
                    err = ShardingTypeError(_incompatible(name, ranked, specs, avals))
                    types = ", ".join(a.str_long() for a in ranked)
                    err.add_note(
                        f"operands {types}: reshard one operand to the other's sharding "
                        "(meshjit.sharding.reshard)"
                    )
                    raise err
            result.append(chosen)
        return tuple(result)

    rule.elementwise = True  # `apply` decides the common case itself (_uniform_sharding)
    return rule


def _incompatible(name: str, avals, specs, operands=()) -> str:
    types = ", ".join(a.str_long() for a in avals)
    if name == "concatenate":  # JAX's words for concatenate's operands
        head = f"All operands should have the same sharding. Got {types}"
    elif name == "select_n":  # and for select's cases, listed by their shardings
        which, cases = operands[0], operands[1:]
        if len({spec_of(c) for c in cases if c.sharding is not None}) <= 1:  # `which` differs
            return (
                "select `which` must be scalar or have the same sharding as cases, got `which` "
                f"sharding {which.sharding} but case sharding {cases[0].sharding}."
            )
        shown = ", ".join(str(a.sharding or a.str_long()) for a in cases)
        head = f"select cases must have the same shardings, got [{shown}]."
    else:  # JAX's words
        return (
            f"{name} got incompatible shardings for broadcasting: "
            + ", ".join(str(tuple(s)) for s in specs)
            + "."
        )
    return head


def register_elementwise(prims) -> None:
    for prim in prims:
        sharding_rules.register(prim, broadcasting(prim.name))


def reduced(out, x, *rest, axes, **params):
    """Reductions: the reduced dimensions leave the type (their axes with them)."""
    return tuple(e for i, e in enumerate(spec_of(x)) if i not in axes)


def sliced(name: str):
    """Ops whose result dimensions may shrink or grow (slices, pads): the operand's sharding,
    where each changed sharded dimension stays divisible (JAX's rule)."""

    def rule(out, x, *rest, **params):
        spec, sizes = spec_of(x), x.sharding.mesh.shape
        for n_in, n_out, e in zip(x.shape, out.shape, spec):
            parts = math.prod(sizes[a] for a in entry_axes(e))
            if n_in != n_out and e is not None and n_out % parts:
                err = ShardingTypeError(  # JAX's words
                    f"{name} on sharded dims where out dim ({n_out}) is not divisible by mesh "
                    f"axes ({parts}) with spec ({e}) is not implemented. Got input type="
                    f"{x.str_short()} and output shape={out.shape}"
                )
                err.add_note("reshard the dimension to None first (meshjit.sharding.reshard)")
                raise err
        return spec

    return rule


def check_xs_unsharded(avals) -> None:
    """JAX's ValueError (its sentence, every xs' spec) when a scan's xs has a sharded leading
    axis."""
    specs = [spec_of(a) for a in avals]
    if all(spec[0] is None for spec in specs):
        return
    from meshjit.compiler.parallel.sharding import PartitionSpec

    shown = ", ".join(str(PartitionSpec(*spec)) for spec in specs)
    err = MeshjitValueError(f"0th dimension of all xs should be replicated. Got {shown}")
    err.add_note("reshard the xs with their leading dimension unsharded")
    raise err


def check_map_leaf_unsharded(aval) -> None:
    """JAX's ValueError when lax.map with a batch_size gets a leaf sharded along its leading
    axis (shown as JAX's `str_short(True, True)`: the mesh's axes by type)."""
    if spec_of(aval)[0] is None:
        return
    mesh = aval.sharding.mesh
    by_type: dict = {}
    for name, kind in zip(mesh.axis_names, mesh.axis_types):
        by_type.setdefault(kind.name, []).append(name)
    types = ", ".join(f"{kind}: {tuple(names)!r}" for kind, names in by_type.items())
    err = MeshjitValueError(
        "0th dimension of leaf passed to `jax.lax.map` should be replicated. "
        f"Got {aval.str_short()}({{{types}}})"
    )
    err.add_note("reshard the leaf with its leading dimension unsharded")
    raise err


def unstacked(aval, what: str):
    """`aval` without its leading axis (a scan's slice of xs), keeping the other axes' types;
    as JAX, the leading axis must not be sharded."""
    if aval.sharding is None:
        return aval.update(shape=aval.shape[1:])
    check_xs_unsharded([aval])
    return typed(aval.update(shape=aval.shape[1:]), aval.sharding.mesh, spec_of(aval)[1:], what)
