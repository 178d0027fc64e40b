"""jax.scipy.interpolate: `RegularGridInterpolator` (linear and nearest interpolation on a
rectilinear grid, NaN outside it by default), a pytree as in JAX."""

from __future__ import annotations

import itertools

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.numpy.util import promote_inexact
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import register_pytree_node

__all__ = ["RegularGridInterpolator"]

_METHODS = ("linear", "nearest")


def _check_method(method):
    if method not in _METHODS:
        raise MeshjitValueError(f"method {method!r} is not defined")


def _points_array(points, ndim):
    """The query points as an array (..., ndim): a tuple of coordinate arrays is stacked."""
    if isinstance(points, tuple) and len(points) == 1:
        points = points[0]
    if isinstance(points, tuple):
        coords = jnp.broadcast_arrays(*points)
        out = jnp.empty(coords[0].shape + (len(points),), dtype=float)
        for j, c in enumerate(coords):
            out = out.at[..., j].set(c)
        return out
    points = jnp.asarray(points)
    return points.reshape(-1, ndim) if points.ndim == 1 else points


@boundary_methods("__init__", "__call__")
class RegularGridInterpolator:
    """Interpolates `values` given on the grid `points` (one 1-D array per dimension)."""

    def __init__(self, points, values, method="linear", bounds_error=False, fill_value=np.nan):
        _check_method(method)
        self.method, self.bounds_error = method, bounds_error
        if bounds_error:
            raise MeshjitNotImplementedError("`bounds_error` takes no effect under JIT")
        values = jnp.asarray(values)
        if len(points) > values.ndim:
            raise MeshjitValueError(
                f"there are {len(points)} point arrays, but values has {values.ndim} dimensions"
            )
        (values,) = promote_inexact(values)
        if fill_value is not None:
            fill_value = jnp.asarray(fill_value)
            if not np.can_cast(fill_value.dtype, values.dtype, casting="same_kind"):
                raise MeshjitValueError(
                    "fill_value must be either 'None' or of a type compatible with values"
                )
        self.fill_value = fill_value
        self.grid = tuple(jnp.asarray(p) for p in points)
        self.values = values

    def __call__(self, xi, method=None):
        method = self.method if method is None else method
        _check_method(method)
        ndim = len(self.grid)
        xi = _points_array(xi, ndim)
        if xi.shape[-1] != ndim:
            raise MeshjitValueError(
                f"the requested sample points xi have dimension {xi.shape[1]}, but this "
                f"RegularGridInterpolator has dimension {ndim}"
            )
        shape = xi.shape
        indices, distances, outside = self._find_indices(xi.reshape(-1, shape[-1]).T)
        if method == "linear":
            result = self._linear(indices, distances)
        else:
            result = self._nearest(indices, distances)
        if self.fill_value is not None:
            mask = outside.reshape(result.shape[:1] + (1,) * (result.ndim - 1))
            result = jnp.where(mask, self.fill_value, result)
        return result.reshape(shape[:-1] + self.values.shape[ndim:])

    def _linear(self, indices, distances):
        trailing = (slice(None),) + (None,) * (self.values.ndim - len(indices))
        values = jnp.asarray(0.0)
        for corner in itertools.product(*[[i, i + 1] for i in indices]):
            weight = jnp.asarray(1.0)
            for ci, i, y in zip(corner, indices, distances):
                weight *= jnp.where(ci == i, 1 - y, y)
            values += self.values[corner] * weight[trailing]
        return values

    def _nearest(self, indices, distances):
        return self.values[tuple(jnp.where(y <= 0.5, i, i + 1) for i, y in zip(indices, distances))]

    def _find_indices(self, xi):
        indices, distances = [], []
        outside = jnp.zeros((xi.shape[1],), dtype=bool)
        for x, g in zip(xi, self.grid):
            i = jnp.searchsorted(g, x) - 1
            i = jnp.where(i < 0, 0, i)
            i = jnp.where(i > g.size - 2, g.size - 2, i)
            indices.append(i)
            distances.append((x - g[i]) / (g[i + 1] - g[i]))
            outside += x < g[0]
            outside += x > g[-1]
        return indices, distances, outside


register_pytree_node(
    RegularGridInterpolator,
    lambda obj: ((obj.grid, obj.values, obj.fill_value), (obj.method, obj.bounds_error)),
    lambda aux, children: RegularGridInterpolator(*children[:2], *aux, *children[2:]),
)
