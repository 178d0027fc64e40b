"""pmap: map a function over the leading axis of its arguments, one device per index.

Built on shard_map over a 1-D mesh named `axis_name`; collectives use that name.
"""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.lax import shapes
from meshjit.compiler.parallel.shard_map import shard_map
from meshjit.compiler.parallel.sharding import Mesh, PartitionSpec
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import tree_flatten, tree_map, tree_unflatten


def pmap(f, axis_name=None, *, in_axes=0, out_axes: int | None = 0, devices=None):
    """`pmap(f)(xs)`: runs f on each xs[i] on device i; results stacked along out_axes.

    out_axes=None returns one copy of an output that is invariant over the mapped axis (e.g.
    a psum); negative axes count from the end of the result's rank."""
    name = axis_name or "_pmap_axis"
    compiled: dict = {}

    @functools.wraps(f)
    def mapped(*args):
        leaves, treedef = tree_flatten(args)
        axes = [
            _canonical(a, abstractify(x).ndim, "in_axes")
            for x, a in zip(leaves, _flat_axes(in_axes, args))
        ]
        size = _mapped_size(leaves, axes)
        from meshjit.compiler.runtime import distributed  # runtime sits after parallel

        if devices is None and distributed.process_count() > 1:
            # As JAX: each process maps over its own devices; collectives span all of them.
            from meshjit.compiler.jit.multihost_utils import global_pmap_size

            size = global_pmap_size(size)
        key = (size, treedef, tuple(axes))
        run = compiled.get(key)
        if run is None:
            run = compiled[key] = _build(f, name, size, treedef, axes, out_axes, devices)
        if devices is None and distributed.process_count() > 1:
            from meshjit.compiler.jit.multihost_utils import pmap_across_processes

            return pmap_across_processes(run, name, axes, out_axes, args)
        return run(*args)

    return mapped


def _build(f, name, size, treedef, axes, out_axes, devices):
    from meshjit.compiler.jit.api import JitFunction

    mesh = _mesh(size, name, devices)
    in_specs = tree_unflatten(treedef, [_spec(a, name) for a in axes])
    body = shard_map(
        _body(f, axes, out_axes),
        mesh=mesh,
        in_specs=tuple(in_specs),
        out_specs=PartitionSpec() if out_axes is None else PartitionSpec(name),
        # As JAX's pmap: no varying-axes tracking, so the cotangent of an unmapped argument
        # stays per device (it is not summed over the devices, as shard_map's pvary would be).
        check_vma=False,
    )
    if out_axes not in (None, 0):
        body = _move_mapped_axis(body, out_axes)
    return JitFunction(body, name=f"pmap_{getattr(f, '__name__', 'f')}")


def _canonical(axis, ndim: int, what: str):
    if axis is None:
        return None
    if not -ndim <= axis < ndim:
        raise MeshjitValueError(f"pmap {what} {axis} is out of range for an array of rank {ndim}")
    return axis % ndim


def _spec(axis, name) -> PartitionSpec:
    return PartitionSpec() if axis is None else PartitionSpec(*([None] * axis + [name]))


def _flat_axes(in_axes, args) -> list:
    if isinstance(in_axes, (int, type(None))):
        return [in_axes] * len(tree_flatten(args)[0])
    if len(in_axes) != len(args):
        raise MeshjitValueError(
            f"pmap in_axes {in_axes} has {len(in_axes)} entries for {len(args)} arguments"
        )
    flat = []
    for axis, arg in zip(in_axes, args):
        flat.extend([axis] * len(tree_flatten(arg)[0]))
    return flat


def _mapped_size(leaves, axes) -> int:
    sizes = {abstractify(x).shape[a] for x, a in zip(leaves, axes) if a is not None}
    if len(sizes) != 1:
        raise MeshjitValueError(
            f"pmap needs one mapped size across arguments, got {sorted(sizes) or 'none'}"
        )
    return sizes.pop()


def _mesh(size: int, name: str, devices) -> Mesh:
    from meshjit.compiler.runtime import client  # runtime sits after parallel; needed at call time

    devices = list(devices) if devices is not None else client.devices()
    if size > len(devices):
        raise MeshjitValueError(
            f"pmap over a mapped axis of size {size} needs {size} devices; {len(devices)} exist"
        )
    return Mesh(np.array(devices[:size], dtype=object), (name,))


def _body(f, axes, out_axes):
    def body(*local_args):
        leaves, treedef = tree_flatten(local_args)
        squeezed = [x if a is None else shapes.squeeze(x, (a,)) for x, a in zip(leaves, axes)]
        out = f(*tree_unflatten(treedef, squeezed))
        if out_axes is None:
            return out
        return tree_map(lambda y: shapes.expand_dims(y, (0,)), out)

    return body


def _move_mapped_axis(body, out_axes: int):
    """The mapped axis comes out first; move it to out_axes (negative counts from the end)."""

    def moved(*args):
        def one(y):
            ndim = abstractify(y).ndim
            perm = list(range(1, ndim))
            perm.insert(_canonical(out_axes, ndim, "out_axes"), 0)
            return shapes.transpose(y, tuple(perm))

        return tree_map(one, body(*args))

    moved.__name__ = getattr(body, "__name__", "f")
    return moved
