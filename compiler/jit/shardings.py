"""The shardings of a jit call: in_shardings and the arguments' own, out_shardings, and the
shardings a traced function's constraints and shard_maps name; checks on all of them."""

from __future__ import annotations

import contextlib

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.core import ClosedJaxpr, EmptyMeshArray, Jaxpr, dce_jaxpr, param_jaxprs
from meshjit.compiler.parallel.explicit import concrete_sharding, meshless_outputs
from meshjit.compiler.parallel.sharding import (
    UNCONSTRAINED,
    AbstractMesh,
    Mesh,
    NamedSharding,
    PartitionSpec,
    SingleDeviceSharding,
    flatten_shardings,
    get_abstract_context_mesh,
    get_concrete_mesh,
    get_resource_mesh,
    is_sharding_leaf,
    scoped_mesh,
)
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.array import Array
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten


def check_no_unconstrained(shardings, what: str) -> None:
    for s in tree_flatten(shardings, is_leaf=is_sharding_leaf)[0]:
        spec = s.spec if isinstance(s, NamedSharding) else s
        if isinstance(spec, PartitionSpec) and any(p is UNCONSTRAINED for p in spec):
            raise MeshjitValueError(
                f"{what} may not use P.UNCONSTRAINED (got {spec}); it is only allowed in "
                "with_sharding_constraint"
            )


def resource_default(in_shardings, api: str):
    """pjit's in_shardings: None means replicated on the `with mesh:` mesh, when there is one
    (jit's None leaves the layout to the arguments)."""
    if api == "pjit" and in_shardings is None and get_resource_mesh() is not None:
        return PartitionSpec()
    return in_shardings


def trace_scope(api: str):
    """The context pjit traces under, as JAX 0.10.2's: the `with mesh:` mesh's abstract mesh,
    or, without one, no abstract mesh in place of one with Explicit axes."""
    if api != "pjit":
        return contextlib.nullcontext()
    resource, abstract = get_resource_mesh(), get_abstract_context_mesh()
    if resource is not None:
        return scoped_mesh(resource.abstract_mesh)
    if abstract is not None and abstract.explicit_axes:
        return scoped_mesh(None)
    return contextlib.nullcontext()


def arg_shardings(in_shardings, dyn_args: tuple, leaves, api: str = "jit") -> tuple:
    """Per leaf: the in_sharding given to jit, else the argument's own NamedSharding."""
    explicit = (
        flatten_shardings(in_shardings, dyn_args, f"{api} in_shardings")
        if in_shardings is not None
        else ()
    )
    out = []
    for i, leaf in enumerate(leaves):
        s = explicit[i] if i < len(explicit) else None
        if s is None:
            own = leaf._sharding if type(leaf) is Array else getattr(leaf, "sharding", None)
            s = own if type(own) is NamedSharding else None
        else:
            if type(leaf) is Array:
                check_arg_devices(s, leaf._sharding, i)
                check_committed_layout(s, leaf)
        out.append(s)
    return tuple(out)


def typed_outs(given: list, jaxpr, in_shardings, api: str = "jit") -> list:
    """Per output of `jaxpr` (a ClosedJaxpr): the out_sharding given, else its type sharding on
    the arguments' (or the context's) concrete mesh."""
    meshes = [s.mesh for s in in_shardings if s is not None]
    # pjit traces under the `with mesh:` mesh (trace_scope), jit under set_mesh's
    context = get_concrete_mesh() if api == "jit" else get_resource_mesh()
    if context is not None:
        meshes.append(context)  # where a call naming no devices runs
    out = [
        g if g is not None else _type_sharding(a, meshes, context)
        for g, a in zip(given, jaxpr.out_avals)
    ]
    if any(s is _REPLICATED_UNTYPED for s in out):
        meshless = meshless_outputs(jaxpr.jaxpr)
        on_no_mesh = _callback_typed(jaxpr.jaxpr)
        out = [
            s
            if s is not _REPLICATED_UNTYPED
            else None
            if m
            else _replicated(context, 0 if v in on_no_mesh else a.ndim)
            for s, a, m, v in zip(out, jaxpr.out_avals, meshless, jaxpr.jaxpr.outvars)
        ]
    return out


def _replicated(mesh: Mesh, ndim: int) -> NamedSharding:
    return NamedSharding(mesh, PartitionSpec(*[None] * ndim))


_CALLBACKS = frozenset({"pure_callback", "io_callback"})


def _callback_typed(jaxpr) -> set:
    """The outputs JAX types on its empty mesh: a callback's results and the loop carries that
    become one. XLA lays them out replicated, which JAX reads back as P()."""
    out = set()
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in _CALLBACKS or eqn.primitive.name in ("scan", "while"):
            out.update(v for v in eqn.outvars if isinstance(v.aval, EmptyMeshArray))
    return out


_REPLICATED_UNTYPED = object()  # an untyped output under a mesh of Explicit axes only


def _type_sharding(aval, meshes, context):
    """An output's type sharding. An untyped one is left to propagation (as JAX's), except in
    a context mesh of Explicit axes only, where it is replicated (its type in JAX, where the
    values computed there are typed) unless it lives on no mesh (`meshless_outputs`)."""
    if aval.sharding is not None:
        return concrete_sharding(aval, meshes)
    if isinstance(context, Mesh) and context.are_all_axes_explicit:
        return _REPLICATED_UNTYPED
    return None


def out_shardings(out_shardings, out_tree, num_outs: int, api: str = "jit") -> list:
    """Per output leaf: the out_sharding given to jit, or None."""
    if out_shardings is None:
        return [None] * num_outs
    placeholder = tree_unflatten(out_tree, [0] * num_outs)
    return flatten_shardings(out_shardings, placeholder, f"{api} out_shardings")


def check_arg_devices(requested: NamedSharding, own, index: int) -> None:
    """A sharded argument may be resharded, but not moved to other devices (as in JAX)."""
    if not (isinstance(requested.mesh, Mesh) and type(own) is NamedSharding):
        return
    if isinstance(own.mesh, Mesh) and own.device_set != requested.device_set:
        raise MeshjitValueError(
            "Sharding passed to jit does not match the sharding on the respective arg. "
            f"jit argument {index} lives on devices {sorted(own.mesh.device_ids)} but its "
            f"in_sharding is on devices {sorted(requested.mesh.device_ids)}; device_put it to "
            "the in_sharding's devices first"
        )


def one_device_target(in_shardings, out_shardings):
    """As JAX: shardings that are all SingleDeviceShardings of one device (and Nones) run the
    program on that device, as `device=` does (arguments moved there). Returns the device,
    or None when the shardings say something else."""
    leaves = [
        s
        for s in (*tree_flatten(in_shardings)[0], *tree_flatten(out_shardings)[0])
        if s is not None
    ]
    if not leaves or any(type(s) is not SingleDeviceSharding for s in leaves):
        return None
    devices = {s.device for s in leaves}
    return devices.pop() if len(devices) == 1 else None


def check_committed_layout(requested: NamedSharding, leaf: Array) -> None:
    """As JAX: an argument whose layout the user stated (device_put to a device or sharding,
    make_array_from_*) is not moved by jit's in_shardings; its layout must be the one asked
    for. A computed array's layout is propagation's choice, where meshjit's may differ from
    JAX's: jit reshards it (JAX would refuse it only where its own choice differs)."""
    if not leaf._committed or not isinstance(requested.mesh, Mesh):
        return
    if type(leaf._sharding) is NamedSharding and leaf.aval.sharding is None and not leaf._stated:
        return  # an explicit sharding is the type: refused
    if len(requested.spec) > leaf.ndim:
        return  # check_ranks names the problem
    want = plc.placement_for(requested, leaf.aval.shape)
    if not plc.same_placement(want, leaf._placement):
        raise MeshjitValueError(
            "Sharding passed to jit does not match the sharding on the respective arg. Got jit "
            f"sharding: {requested},\narg sharding: {leaf.sharding} for arg type: "
            f"{leaf.aval.str_long()}"
        )


def check_ranks(shardings, avals, what: str, names) -> None:
    """JAX's words: "One of pjit arguments with pytree key path x is incompatible ..."."""
    given = {"arguments": "in_shardings", "outputs": "out_shardings"}[what]
    for i, (s, aval, name) in enumerate(zip(shardings, avals, names)):
        if s is not None:
            s.check_rank(
                aval.ndim, f"One of pjit {what} with pytree key path {name}", f"{given}[{i}]"
            )


def constraint_shardings(jaxpr: Jaxpr | ClosedJaxpr) -> tuple[list, list]:
    """The shardings the jaxpr and its sub-jaxprs name: its shard_maps' meshes (as replicated
    NamedShardings: their bodies run on those devices) and its sharding_constraints'. Only
    the live equations' of each jaxpr: JAX drops the dead ones before assigning devices."""
    meshes, found = [], []
    _collect_shardings(jaxpr, meshes, found)
    return meshes, found


def _collect_shardings(jaxpr, meshes: list, found: list) -> None:
    if isinstance(jaxpr, ClosedJaxpr):
        jaxpr = jaxpr.jaxpr
    for eqn in dce_jaxpr(jaxpr).eqns:
        s = eqn.params.get("sharding")
        if isinstance(s, NamedSharding):
            found.append(s)
        mesh = eqn.params.get("mesh")
        if isinstance(mesh, (Mesh, AbstractMesh)):
            meshes.append(NamedSharding(mesh, PartitionSpec()))
        exported = eqn.params.get("exported")  # a called Exported runs on its devices too
        if exported is not None and exported.nr_devices > 1:
            meshes.extend(_exported_mesh(exported))
        for sub in param_jaxprs(eqn.params):
            _collect_shardings(sub, meshes, found)


def _exported_mesh(exported) -> list:
    """The mesh of a multi-device Exported's shardings, as a replicated NamedSharding (none
    when it names no sharding)."""
    named = [*exported._in_named_shardings, *exported._out_named_shardings]
    first = next((s for s in named if s is not None and s.mesh.size > 1), None)
    return [] if first is None else [NamedSharding(first.mesh, PartitionSpec())]
