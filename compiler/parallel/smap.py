"""`smap`: shard_map over one mesh axis, its specs written as vmap-style `in_axes` / `out_axes`
(JAX 0.10's `jax.smap`)."""

from __future__ import annotations

import functools

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.parallel.shard_map import Infer, _ShardMapSpec, shard_map
from meshjit.compiler.parallel.sharding import PartitionSpec
from meshjit.compiler.tree_util import tree_leaves, tree_map


def smap(f=None, /, *, in_axes=Infer, out_axes, axis_name):
    """Maps `f` over the mesh axis `axis_name` (the context mesh's): each instance gets the
    arguments' blocks along `in_axes` (an int, None, or a tuple per positional argument; by
    default the arguments' own shardings, which needs an Explicit axis) and its results are
    put together along `out_axes`. Without `f`, returns a decorator."""
    kwargs = dict(in_axes=in_axes, out_axes=out_axes, axis_name=axis_name)
    if f is None:
        return lambda g: _smap(g, **kwargs)
    return _smap(f, **kwargs)


def _smap(f, *, in_axes, out_axes, axis_name):
    _check_axes(in_axes, out_axes, axis_name)
    to_spec = functools.partial(_axes_to_spec, axis_name)
    in_specs = Infer if in_axes is Infer else tree_map(to_spec, in_axes, is_leaf=_is_none)
    out_specs = tree_map(to_spec, out_axes, is_leaf=_is_none)
    mapped = shard_map(f, in_specs=in_specs, out_specs=out_specs, axis_names={axis_name})

    @functools.wraps(f)
    def wrapped(*args):
        if in_axes is Infer:
            _check_inferable(axis_name)
        return mapped(*args)

    return wrapped


def _is_none(x) -> bool:
    return x is None


def _axes_to_spec(axis_name, axis):
    # As JAX builds it: `axis` leading Nones, then the axis (a negative axis maps axis 0).
    return PartitionSpec() if axis is None else PartitionSpec(*([None] * axis + [axis_name]))


def _check_axes(in_axes, out_axes, axis_name) -> None:
    if isinstance(axis_name, (list, tuple)):
        raise MeshjitTypeError(
            f"smap axis_name should be a `str` or a `Hashable`, but got {axis_name}"
        )
    if in_axes is not None and in_axes is not Infer and not isinstance(in_axes, (int, tuple)):
        raise MeshjitTypeError(
            "smap in_axes must be an int, None, jax.sharding.Infer, or a tuple of entries "
            "corresponding to the positional arguments passed to the function, but got "
            f"{in_axes}."
        )
    if in_axes is not Infer and not all(isinstance(a, int) for a in tree_leaves(in_axes)):
        raise MeshjitTypeError(
            "smap in_axes must be an int, None, jax.sharding.Infer, or (nested) container with "
            f"those types as leaves, but got {in_axes}."
        )
    if not all(isinstance(a, int) for a in tree_leaves(out_axes)):
        raise MeshjitTypeError(
            "smap out_axes must be an int, None, or (nested) container with those types as "
            f"leaves, but got {out_axes}."
        )


def _check_inferable(axis_name) -> None:
    mesh = _ShardMapSpec(None, Infer, None, None, True).resolve_mesh()
    kind = dict(zip(mesh.axis_names, getattr(mesh, "axis_types", ()))).get(axis_name)
    if kind is None or kind.name != "Explicit":
        shown = f"AxisType.{kind.name}" if kind is not None else "AxisType.Auto"
        raise MeshjitTypeError(
            f"in_axes was not specified when axis_name={ {axis_name} } was of type {shown}"
        )
