"""meshjit.scipy.ndimage.map_coordinates, as JAX computes it: the input sampled at the given
coordinates by nearest-neighbour (order 0) or multilinear (order 1) interpolation, indices out
of range mapped by the boundary mode (or their samples replaced by cval)."""

from __future__ import annotations

import functools
import itertools
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.jit.api import jit

__all__ = ["map_coordinates"]


def _mirror(index, size: int):
    half_period = size - 1
    return jnp.abs((index + half_period) % (2 * half_period) - half_period)


def _reflect(index, size: int):
    return jnp.floor_divide(_mirror(2 * index + 1, 2 * size + 1) - 1, 2)


_INDEX_FIXERS = {
    "constant": lambda index, size: index,
    "nearest": lambda index, size: jnp.clip(index, 0, size - 1),
    "wrap": lambda index, size: index % size,
    "mirror": _mirror,
    "reflect": _reflect,
}


def _round_half_away_from_zero(a):
    return a if np.issubdtype(a.dtype, np.integer) else lax.round(a)


def _nearest(coordinate):
    return [(_round_half_away_from_zero(coordinate).astype(np.int32), coordinate.dtype.type(1))]


def _linear(coordinate):
    lower = jnp.floor(coordinate)
    upper_weight = coordinate - lower
    index = lower.astype(np.int32)
    return [(index, 1 - upper_weight), (index + 1, upper_weight)]


def _nodes(coordinates, shape, order: int, mode: str):
    """Per dimension: (fixed index, validity (True when every index is), weight) per node."""
    fix = _INDEX_FIXERS[mode]
    interpolate = {0: _nearest, 1: _linear}[order]
    per_dimension = []
    for coordinate, size in zip(coordinates, shape):
        per_dimension.append(
            [
                (fix(index, size), (0 <= index) & (index < size) if mode == "constant" else True, w)
                for index, w in interpolate(coordinate)
            ]
        )
    return per_dimension


def _check(input_arr, coordinates, order: int, mode: str) -> None:
    if len(coordinates) != input_arr.ndim:
        raise MeshjitValueError(
            "coordinates must be a sequence of length input.ndim, but "
            f"{len(coordinates)} != {input_arr.ndim}"
        )
    if mode not in _INDEX_FIXERS:
        raise MeshjitNotImplementedError(
            f"meshjit.scipy.ndimage.map_coordinates does not yet support mode {mode}. Currently "
            f"supported modes are {set(_INDEX_FIXERS)}."
        )
    if order not in (0, 1):
        raise MeshjitNotImplementedError(
            "meshjit.scipy.ndimage.map_coordinates currently requires order<=1"
        )


@functools.partial(jit, static_argnums=(2, 3, 4))
def _map_coordinates(input_arr, coordinates, order, mode, cval):
    cval = jnp.asarray(cval, input_arr.dtype)
    outputs = []
    for items in itertools.product(*_nodes(coordinates, input_arr.shape, order, mode)):
        indices, validities, weights = zip(*items)
        contribution = input_arr[indices]
        if not all(valid is True for valid in validities):
            contribution = jnp.where(
                functools.reduce(operator.and_, validities), contribution, cval
            )
        outputs.append(functools.reduce(operator.mul, weights) * contribution)
    result = sum(outputs[1:], outputs[0])
    if np.issubdtype(input_arr.dtype, np.integer):
        result = _round_half_away_from_zero(result)
    return result.astype(input_arr.dtype)


def map_coordinates(input, coordinates, order, mode="constant", cval=0.0):
    input_arr = jnp.asarray(input)
    coordinates = [jnp.asarray(c) for c in coordinates]
    _check(input_arr, coordinates, order, mode)
    return _map_coordinates(input_arr, coordinates, order, mode, float(cval))
