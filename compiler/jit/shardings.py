"""Which shardings and devices a jit call uses: in/out_shardings, argument layouts, meshes."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, param_jaxprs
from meshjit.compiler.parallel.sharding import (
    UNCONSTRAINED,
    AbstractMesh,
    Mesh,
    NamedSharding,
    PartitionSpec,
    get_context_mesh,
    resolve_spec,
)
from meshjit.compiler.runtime import client as backend
from meshjit.compiler.tree_util import tree_flatten, treedef_children_leaves


def _is_spec_leaf(x) -> bool:
    return isinstance(x, PartitionSpec) or x is None


def check_no_unconstrained(shardings, what: str) -> None:
    for s in tree_flatten(shardings, is_leaf=_is_spec_leaf)[0]:
        spec = s.spec if isinstance(s, NamedSharding) else s
        if isinstance(spec, PartitionSpec) and any(p is UNCONSTRAINED for p in spec):
            raise MeshjitValueError(
                f"{what} may not use P.UNCONSTRAINED (got {spec}); it is only allowed in "
                "with_sharding_constraint"
            )


def flatten_shardings(shardings, tree, what: str) -> list:
    """Broadcasts a sharding pytree prefix over `tree`; one resolved NamedSharding/None per leaf."""
    if shardings is None:
        return [None] * len(tree_flatten(tree)[0])
    if isinstance(shardings, (NamedSharding, PartitionSpec)):
        resolved = resolve_spec(shardings, what)
        return [resolved] * len(tree_flatten(tree)[0])
    s_leaves, s_def = tree_flatten(shardings, is_leaf=_is_spec_leaf)
    try:
        subtrees = treedef_children_leaves(s_def, tree)
    except Exception:
        raise MeshjitValueError(
            f"{what} {_describe(shardings)} does not match the structure of the values it "
            f"applies to ({_describe(tree)}); give one sharding, or a pytree prefix of them"
        ) from None
    flat = []
    for s, sub in zip(s_leaves, subtrees):
        resolved = None if s is None else resolve_spec(s, what)
        flat.extend([resolved] * len(tree_flatten(sub)[0]))
    return flat


def _describe(tree) -> str:
    return str(tree_flatten(tree, is_leaf=_is_spec_leaf)[1])


def check_arg_devices(requested: NamedSharding, own, index: int) -> None:
    """A sharded argument may be resharded, but not moved to other devices (as in JAX)."""
    if not (isinstance(requested.mesh, Mesh) and type(own) is NamedSharding):
        return
    if isinstance(own.mesh, Mesh) and own.device_set != requested.device_set:
        raise MeshjitValueError(
            f"jit argument {index} lives on devices {sorted(own.mesh.device_ids)} but its "
            f"in_sharding is on devices {sorted(requested.mesh.device_ids)}; device_put it to "
            "the in_sharding's devices first"
        )


def check_ranks(shardings, avals, what: str) -> None:
    for i, (s, aval) in enumerate(zip(shardings, avals)):
        if s is not None:
            s.check_rank(aval.ndim, f"{what}[{i}] for {aval.str_short()}")


def constraint_shardings(jaxpr: Jaxpr | ClosedJaxpr) -> list[NamedSharding]:
    """Every sharding named by a sharding_constraint in the jaxpr and its sub-jaxprs."""
    if isinstance(jaxpr, ClosedJaxpr):
        jaxpr = jaxpr.jaxpr
    found = []
    for eqn in jaxpr.eqns:
        s = eqn.params.get("sharding")
        if isinstance(s, NamedSharding):
            found.append(s)
        mesh = eqn.params.get("mesh")  # shard_map bodies run on their mesh's devices
        if isinstance(mesh, (Mesh, AbstractMesh)):
            found.append(NamedSharding(mesh, PartitionSpec()))
        for sub in param_jaxprs(eqn.params):
            found.extend(constraint_shardings(sub))
    return found


def context_key():
    # The concrete mesh, not its abstract one: a bare P resolves against it while tracing
    # (constraints) and lowering (out_shardings), so its devices are baked into what is cached.
    return get_context_mesh()


class Placement:
    """The devices a call runs on, in mesh order, and the mesh outputs are described over."""

    __slots__ = ("device_list", "mesh", "num_partitions")

    def __init__(self, device_list, mesh):
        self.device_list, self.mesh = tuple(device_list), mesh
        self.num_partitions = len(self.device_list)

    @property
    def key(self):
        return tuple(d.id for d in self.device_list)


def choose_placement(shardings, leaves) -> Placement:
    """All concrete meshes must agree on devices; abstract ones only on size."""
    concrete = [s.mesh for s in shardings if isinstance(s.mesh, Mesh)]
    for mesh in concrete[1:]:
        if mesh.device_ids != concrete[0].device_ids:
            raise MeshjitValueError(
                "shardings in one call refer to different devices: "
                f"{list(concrete[0].device_ids)} (mesh {concrete[0].axis_names}) and "
                f"{list(mesh.device_ids)} (mesh {mesh.axis_names}); put every argument and "
                "sharding on the same devices"
            )
    sizes = {s.mesh.size for s in shardings}
    if len(sizes) > 1:
        raise MeshjitValueError(f"meshes of different sizes {sorted(sizes)} in one computation")
    if concrete:
        return Placement(concrete[0].device_list, concrete[0])
    if shardings:
        abstract: AbstractMesh = shardings[0].mesh
        devices = backend.devices()[: abstract.size]
        if len(devices) < abstract.size:
            raise MeshjitValueError(f"mesh {abstract} needs {abstract.size} devices")
        grid = np.array(devices, dtype=object).reshape(abstract.axis_sizes)
        return Placement(devices, Mesh(grid, abstract.axis_names))
    return Placement([_single_device(leaves)], None)


def _single_device(leaves):
    from meshjit.compiler.runtime.array import Array

    for leaf in leaves:
        if type(leaf) is Array and len(leaf._placement._devices) == 1:
            return leaf._placement._devices[0]
    return backend.default_device()
