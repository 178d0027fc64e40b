"""pmap: map a function over the leading axis of its arguments, one device per index.

Built on shard_map over a 1-D mesh named `axis_name`; collectives use that name.
"""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler.api_util import check_callable
from meshjit.compiler.errors import (
    AxisOutOfBoundsError,
    IndivisibleError,
    MeshjitIndexError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.lax import shapes
from meshjit.compiler.parallel.shard_map import shard_map
from meshjit.compiler.parallel.sharding import Mesh, PartitionSpec
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import (
    broadcast_prefix,
    prefix_error,
    tree_flatten,
    tree_leaves,
    tree_map,
    tree_unflatten,
)


def pmap(
    fun,
    axis_name=None,
    *,
    in_axes=0,
    out_axes: int | None = 0,
    static_broadcasted_argnums=(),
    devices=None,
    backend=None,
    axis_size: int | None = None,
    donate_argnums=(),
):
    """`pmap(f)(xs)`: runs f on each xs[i] on device i; results stacked along out_axes.

    out_axes=None returns one copy of an output that is invariant over the mapped axis (e.g.
    a psum); negative axes count from the end of the result's rank. Arguments at
    `static_broadcasted_argnums` are hashable Python values given to every device as they are
    (each new value compiles anew); `axis_size` is the mapped size when no argument is mapped;
    `donate_argnums` is accepted (meshjit does not reuse pmap's input buffers)."""
    from meshjit.compiler.runtime import client  # runtime sits after parallel

    check_callable(fun)
    client.check_backend(backend)
    del donate_argnums  # a hint: the results are the same without donation
    static = _argnums(static_broadcasted_argnums)
    _check_axes_leaves(in_axes, "in_axes")
    _check_axes_leaves(out_axes, "out_axes")
    name = axis_name or "_pmap_axis"
    compiled: dict = {}

    @functools.wraps(fun)
    def mapped(*args):
        f, args, axes_spec = _without_static(fun, static, args, in_axes)
        leaves, treedef = tree_flatten(args)
        axes = [
            _canonical(a, abstractify(x).ndim, "in_axes")
            for x, a in zip(leaves, _flat_axes(axes_spec, args))
        ]
        size = _mapped_size(leaves, axes, axis_size)
        from meshjit.compiler.runtime import distributed  # runtime sits after parallel

        if devices is None and distributed.process_count() > 1:
            # As JAX: each process maps over its own devices; collectives span all of them.
            from meshjit.compiler.jit.multihost_utils import global_pmap_size

            size = global_pmap_size(size)
        key = (size, treedef, tuple(axes), f.static)
        run = compiled.get(key)
        if run is None:
            run = compiled[key] = _build(f, name, size, treedef, axes, out_axes, devices)
        if devices is None and distributed.process_count() > 1:
            from meshjit.compiler.jit.multihost_utils import pmap_across_processes

            return pmap_across_processes(run, name, axes, out_axes, args)
        return run(*args)

    return mapped


def _argnums(argnums) -> tuple:
    return (argnums,) if isinstance(argnums, int) else tuple(argnums)


class _Static:
    """`fun` with its static arguments bound (their values part of the compile key)."""

    def __init__(self, fun, static: dict, total: int):
        self.fun, self.static_args, self.total = fun, static, total
        self.static = tuple(sorted(static.items()))
        self.__name__ = getattr(fun, "__name__", "f")

    def __call__(self, *dynamic):
        it = iter(dynamic)
        bound = self.static_args
        return self.fun(*[bound[i] if i in bound else next(it) for i in range(self.total)])


def _check_axes_leaves(axes, what: str) -> None:
    """JAX's TypeError when pmap is made: the axes' leaves are ints (None marks no axis)."""
    if not all(type(leaf) is int for leaf in tree_leaves(axes)):
        raise MeshjitTypeError(
            f"pmap {what} must be an int, None, or (nested) container with those types as "
            f"leaves, but got {axes}."
        )


def _without_static(fun, static: tuple, args: tuple, in_axes):
    """(the function of the dynamic arguments, those arguments, their in_axes)."""
    n = len(args)
    positions = {i % n if n else i for i in static}
    if any(not -n <= i < n for i in static):  # JAX's words
        raise MeshjitValueError(
            f"pmapped function has static_broadcasted_argnums={tuple(static)} but was called with "
            f"only {n} positional argument{'s' if n > 1 else ''}. All static broadcasted arguments "
            "must be passed positionally."
        )
    bound = {i: args[i] for i in positions}
    for i, value in bound.items():
        try:
            hash(value)
        except TypeError:
            raise MeshjitValueError(
                "Non-hashable static arguments are not supported, as this can lead to "
                f"unexpected cache-misses. Static argument (index {i}) of type {type(value)} "
                f"for function {getattr(fun, '__name__', fun)} is non-hashable."
            ) from None
    dynamic = tuple(a for i, a in enumerate(args) if i not in positions)
    if isinstance(in_axes, (list, tuple)) and positions and len(in_axes) == n:
        in_axes = type(in_axes)(a for i, a in enumerate(in_axes) if i not in positions)
    return _Static(fun, bound, n), dynamic, in_axes


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
    return JitFunction(body, name=f"pmap_{f.__name__}")


def _canonical(axis, ndim: int, what: str):
    if axis is None:
        return None
    if not -ndim <= axis < ndim:
        if ndim == 0:  # JAX's words for a scalar argument
            raise MeshjitValueError(
                f"pmap requires at least one argument with a mapped axis: pmap {what} {axis} "
                "is out of range for an array of rank 0"
            )
        if what == "out_axes":  # JAX's words: NumPy's axis check of the result
            raise AxisOutOfBoundsError(
                f"axis {axis} is out of bounds for array of dimension {ndim} (pmap out_axes)"
            )
        raise MeshjitIndexError(  # JAX: IndexError (tuple index out of range)
            f"tuple index out of range: pmap {what} {axis} is out of range for an array of rank "
            f"{ndim}"
        )
    return axis % ndim


def _spec(axis, name) -> PartitionSpec:
    return PartitionSpec() if axis is None else PartitionSpec(*([None] * axis + [name]))


def _flat_axes(in_axes, args) -> list:
    if isinstance(in_axes, (int, type(None))):
        return [in_axes] * len(tree_flatten(args)[0])
    if len(in_axes) != len(args):
        raise MeshjitValueError(  # (JAX's words: a pytree prefix error)
            f"pmap in_axes {in_axes} has {len(in_axes)} entries for {len(args)} arguments: the "
            f"prefix pytree pmap in_axes has a subtree of type tuple of length {len(in_axes)}, but "
            f"the full pytree has a subtree of the same type but of length {len(args)}"
        )
    flat = []
    for i, (axis, arg) in enumerate(zip(in_axes, args)):
        flat.extend(_arg_axes(axis, arg, i))
    return flat


def _arg_axes(axis, arg, i: int) -> list:
    """One argument's axes per leaf: its in_axes entry is an axis or a pytree prefix of it."""
    if isinstance(axis, (int, type(None))):
        return [axis] * len(tree_flatten(arg)[0])
    try:
        return broadcast_prefix(axis, arg, is_leaf=lambda x: x is None)
    except (MeshjitTypeError, MeshjitValueError):  # a structure mismatch: JAX's words
        detail = prefix_error(axis, arg, is_leaf=lambda x: x is None)
        raise MeshjitValueError(
            (detail(f"pmap in_axes[{i}]") + "\n" if detail else "")
            + f"pmap in_axes[{i}] = {axis} is not a pytree prefix of argument {i}"
        ) from None


def _mapped_size(leaves, axes, axis_size=None) -> int:
    in_order = [abstractify(x).shape[a] for x, a in zip(leaves, axes) if a is not None]
    sizes = set(in_order)
    if not sizes and axis_size is not None:
        return axis_size
    if axis_size is not None and sizes != {axis_size}:
        raise MeshjitValueError(
            f"pmap got axis_size={axis_size} but mapped arguments of size {sorted(sizes)}"
        )
    if len(sizes) > 1:  # JAX's IndivisibleError: the first size makes its mesh
        other = next(s for s in in_order if s != in_order[0])
        raise IndivisibleError(
            f"pmap needs one mapped size across arguments, got {sorted(sizes)}: "
            f"{_partitioned(in_order[0], other)}"
        )
    if not sizes:
        raise MeshjitValueError("pmap needs one mapped size across arguments, got none")
    return sizes.pop()


def _mesh(size: int, name: str, devices) -> Mesh:
    from meshjit.compiler.runtime import client  # runtime sits after parallel; needed at call time

    devices = list(devices) if devices is not None else client.devices()
    if size > len(devices):
        uneven = f": {_partitioned(len(devices), size)}" if size % len(devices) else ""
        raise IndivisibleError(  # (JAX's: it lays the axis out over every device)
            f"pmap over a mapped axis of size {size} needs {size} devices; {len(devices)} "
            f"exist{uneven}"
        )
    return Mesh(np.array(devices[:size], dtype=object), (name,))


def _partitioned(parts: int, size: int) -> str:
    return f"array axis 0 is partitioned {parts} times, but the dimension size is {size}"


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
