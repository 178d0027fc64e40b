"""`jax.flatten_util.ravel_pytree`: a pytree of arrays as one 1-D array (the leaves' dtypes
promoted together), and the function that gives the pytree back from such an array."""

from __future__ import annotations

import functools
import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.traceback_util import api_boundary
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

__all__ = ["ravel_pytree"]


def ravel_pytree(pytree):
    """(flat, unravel): the leaves raveled and concatenated (an empty float32 array when there
    are none), and `unravel(flat)` -> a pytree of `pytree`'s structure, shapes and dtypes."""
    leaves, treedef = tree_flatten(pytree)
    if not leaves:
        return lax.full((0,), np.zeros((), np.float32)), functools.partial(
            _unravel, treedef, (), None
        )
    avals = [aval_of(x) for x in leaves]
    to_dtype = dtypes.result_type(*[(a.dtype, False) for a in avals])[0]
    if all(a.dtype == to_dtype for a in avals):
        # One dtype, as JAX: no conversion (weak leaves give a weak vector, whose cotangents
        # keep the type they come with) and an unravel taking any dtype.
        pieces = [lax.reshape(x, (math.prod(a.shape),)) for x, a in zip(leaves, avals)]
        layout = tuple((a.shape, None) for a in avals)
        return lax.concatenate(pieces, 0), functools.partial(_unravel, treedef, layout, None)
    pieces = [
        lax.reshape(lax.convert_element_type(x, to_dtype), (math.prod(a.shape),))
        for x, a in zip(leaves, avals)
    ]
    flat = lax.concatenate(pieces, 0)
    layout = tuple((a.shape, a.dtype) for a in avals)
    return flat, functools.partial(_unravel, treedef, layout, to_dtype)


@api_boundary  # the function users call: their line ends the traceback
def _unravel(treedef, layout, to_dtype, flat):
    """As JAX's: the dtype checked (leaves of several dtypes), the sizes by lax.split."""
    aval = aval_of(flat)
    if to_dtype is not None and aval.dtype != to_dtype:
        raise MeshjitTypeError(
            f"unravel function given array of dtype {aval.dtype}, but expected dtype {to_dtype}"
        )
    chunks = lax.split(flat, [math.prod(shape) for shape, _ in layout]) if layout else []
    leaves = [
        lax.reshape(chunk, shape)
        if dtype is None
        else lax.convert_element_type(lax.reshape(chunk, shape), dtype)
        for chunk, (shape, dtype) in zip(chunks, layout)
    ]
    return tree_unflatten(treedef, leaves)
