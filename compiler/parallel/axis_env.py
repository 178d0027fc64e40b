"""The manual axes in scope while tracing or lowering a shard_map body, and replica groups."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from meshjit.compiler.errors import (
    MeshjitNameError,
    MeshjitRuntimeError,
    MeshjitValueError,
    UnboundAxesError,
    UnboundAxisError,
    UnboundPermuteAxisError,
)
from meshjit.compiler.trace.tracing import current_trace, staging


@dataclass(frozen=True)
class AxisEnv:
    """A mesh (axis names and sizes) and the axes that are manual here, in mesh order."""

    mesh: object  # AbstractMesh
    manual: tuple[str, ...]
    check_vma: bool = True

    def size(self, axes: tuple[str, ...]) -> int:
        return math.prod(self.mesh.shape[a] for a in axes)


# The primitive JAX's unbound-axis message names for an API built on another (pmean: psum).
_BINDS = {"pmean": "psum", "pmax": "psum", "pmin": "psum"}
# Collectives JAX evaluates eagerly by asking the axis's size (its short NameError there).
_EAGER_SIZE = frozenset({"psum", "pmean", "all_gather", "psum_scatter", "all_to_all", "axis_size"})
# Collectives with no eager evaluation rule in JAX (its NotImplementedError there).
_NO_EAGER_RULE = frozenset({"ppermute", "pbroadcast"})


def current_axis_env(what: str, axes: tuple[str, ...] = ()) -> AxisEnv:
    trace = current_trace()
    env = None if trace is None else trace.axis_env
    if env is None:
        raise _unbound_error(what, axes, eager=trace is None, staged=staging())
    return env


def _unbound_error(
    what: str, axes: tuple[str, ...], eager: bool, staged: bool = False
) -> Exception:
    """JAX's error for collective `what` over `axes` that no shard_map / pmap binds (`staged`:
    under jit, where JAX's unbound-name check comes before any evaluation rule)."""
    named = f" over axis {', '.join(map(repr, axes))}" if axes else ""
    if what in _NO_EAGER_RULE and not staged:
        err = UnboundPermuteAxisError(f"Evaluation rule for '{what}' not implemented")
    elif what == "ragged_all_to_all" and eager:
        err = MeshjitRuntimeError(
            "ragged_all_to_all must be used within a mapped context like vmap or shard_map."
        )
    elif axes and eager and what in _EAGER_SIZE:
        err = MeshjitNameError(f"unbound axis name: {axes[0]}")
    else:
        err = MeshjitNameError(
            f"Found an unbound axis name: {', '.join(map(str, axes))}. To fix this, please call "
            f"{_BINDS.get(what, what)} under `jax.shard_map`."
        )
    err.add_note(
        f"{what}{named} is only valid inside shard_map, pmap or a vmap with that axis_name, "
        "where its axis names are bound"
    )
    return err


def as_axes(axis_name) -> tuple[str, ...]:
    return tuple(axis_name) if isinstance(axis_name, (tuple, list)) else (axis_name,)


def checked_axes(axis_name, what: str):
    """The axis env and the axis names, each checked to be a manual axis in scope (or a name
    vmap binds: the env then also knows its size)."""
    axes = as_axes(axis_name)
    trace = current_trace()
    vmapped = {} if trace is None else trace.vmap_axes
    if vmapped and any(a in vmapped for a in axes):
        env = ScopedAxes(trace.axis_env, vmapped)
    else:
        env = current_axis_env(what, axes)
    for axis in axes:
        if axis in vmapped:
            continue
        if env.mesh is None:
            raise MeshjitNameError(
                f"{what}: axis {axis!r} is unbound: it is neither a vmap axis_name (those in "
                f"scope: {tuple(vmapped)}) nor a manual axis of an enclosing shard_map"
            )
        if axis not in env.mesh.axis_names and what == "psum" and len(axes) > 1:
            raise UnboundAxesError(
                "jax.lax.psum can only accept axis_name which corresponds to one of varying, "
                f"unreduced, reduced or invarying state of the input. Got axes: {axes}: axis "
                f"{axis!r} is not in the mesh of the enclosing shard_map (its axes are "
                f"{env.mesh.axis_names})"
            )
        if axis not in env.mesh.axis_names:
            raise UnboundAxisError(
                f"Found an unbound axis name: {axis}. To fix this, please call "
                f"{_BINDS.get(what, what)} under `jax.shard_map`. ({what}: axis {axis!r} is not "
                f"in the mesh of the enclosing shard_map: its axes are {env.mesh.axis_names})"
            )
        if axis not in env.manual:
            raise MeshjitNameError(
                f"Found an unbound axis name: {axis}. {what}: axis {axis!r} is not manual here "
                f"(manual axes: {env.manual}); add it to shard_map's axis_names"
            )
    if len(set(axes)) != len(axes):
        raise MeshjitValueError(f"{what}: axis names {axes} repeat an axis")
    return env, axes


class ScopedAxes:
    """The axis names in scope: a shard_map's manual axes (if any) and vmap's names."""

    __slots__ = ("env", "vmapped")

    def __init__(self, env, vmapped: dict):
        self.env, self.vmapped = env, vmapped

    @property
    def mesh(self):
        return None if self.env is None else self.env.mesh

    @property
    def manual(self):
        return () if self.env is None else self.env.manual

    @property
    def check_vma(self) -> bool:
        return True if self.env is None else self.env.check_vma

    def size(self, axes) -> int:
        return math.prod(
            self.vmapped[a] if a in self.vmapped else self.env.mesh.shape[a] for a in axes
        )


def vmapped_names() -> dict:
    """{name: size} of the vmap axis names bound where tracing is now."""
    trace = current_trace()
    return {} if trace is None else trace.vmap_axes


def check_index_groups(groups, size: int, what: str):
    """axis_index_groups must partition range(size) into groups of one size."""
    if groups is None:
        return None
    groups = tuple(tuple(int(i) for i in g) for g in groups)
    flat = sorted(i for g in groups for i in g)
    if flat != list(range(size)):
        raise MeshjitValueError(
            f"{what}: axis_index_groups {groups} must cover every index 0..{size - 1} exactly once"
        )
    if len({len(g) for g in groups}) != 1:
        raise MeshjitValueError(f"{what}: axis_index_groups {groups} must have equal sizes")
    return groups


def group_size(env: AxisEnv, axes, groups) -> int:
    return len(groups[0]) if groups else env.size(axes)


def replica_groups(mesh, axes: tuple[str, ...], index_groups=None) -> list[list[int]]:
    """Device-id groups over `axes` of the whole mesh (row-major ids), as the conventions say."""
    names = mesh.axis_names
    ids = np.arange(math.prod(mesh.axis_sizes)).reshape(mesh.axis_sizes)
    front = [names.index(a) for a in axes]
    rest = [i for i in range(len(names)) if i not in front]
    columns = ids.transpose(front + rest).reshape(math.prod(mesh.shape[a] for a in axes), -1)
    groups = columns.T.tolist()
    if index_groups:
        groups = [[g[i] for i in ig] for g in groups for ig in index_groups]
    return groups
