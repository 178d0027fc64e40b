"""jax.scipy.stats' summary functions: mode, rankdata, sem (as JAX computes them)."""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.util import check_arraylike, static_axis
from meshjit.compiler.scipy.stats.util import inexact

__all__ = ["ModeResult", "mode", "rankdata", "sem"]


class ModeResult(NamedTuple):
    mode: object
    count: object


def _check_nan_policy(nan_policy: str, name: str) -> None:
    if nan_policy not in ("propagate", "omit", "raise"):
        raise MeshjitValueError(
            f"Illegal nan_policy value {nan_policy!r}; expected one of "
            "{'propagate', 'omit', 'raise'}"
        )
    if nan_policy != "propagate":
        raise MeshjitNotImplementedError(
            f"{name}: nan_policy={nan_policy!r} is not implemented (as in JAX): check for nans "
            "outside the function"
        )


def _mode_of_column(x):
    if x.size == 0:
        return jnp.array(np.nan, np.float32), jnp.array(0, np.float32)
    values, counts = jnp.unique(x, return_counts=True, size=x.size)
    return values[jnp.argmax(counts)], counts.max()


def _reduced_shape(shape, axis, keepdims: bool):
    if axis is None:
        return tuple(1 for _ in shape) if keepdims else ()
    if keepdims:
        return tuple(1 if i == axis else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i != axis)


@functools.partial(jit, static_argnames=["axis", "nan_policy", "keepdims"])
def mode(a, axis=0, nan_policy="propagate", keepdims=False) -> ModeResult:
    check_arraylike("mode", a)
    x = jnp.atleast_1d(a)
    _check_nan_policy(nan_policy, "mode")
    if axis is not None:
        axis = static_axis(axis, x.ndim)
    out_shape = _reduced_shape(x.shape, axis, keepdims)
    if axis is None:
        axis, x = 0, x.ravel()
    x = jnp.moveaxis(x, axis, 0)
    x = x.reshape(x.shape[0], math.prod(x.shape[1:]))
    values, counts = vmap(_mode_of_column, in_axes=1)(x)
    return ModeResult(values.reshape(out_shape), counts.reshape(out_shape))


def _invert_permutation(i):
    return jnp.empty_like(i).at[i].set(jnp.arange(i.size, dtype=i.dtype))


def _ranks(a, method: str):
    out_dtype = np.float32
    arr, sorter = lax.sort_key_val(a, jnp.arange(a.size))
    inv = _invert_permutation(sorter)
    if method == "ordinal":
        return (inv + 1).astype(out_dtype)
    obs = jnp.concatenate([jnp.array([True]), arr[1:] != arr[:-1]])
    dense = obs.cumsum()[inv]
    if method == "dense":
        return dense.astype(out_dtype)
    count = jnp.nonzero(obs, size=arr.size + 1, fill_value=obs.size)[0].astype(out_dtype)
    if method == "max":
        return count[dense]
    if method == "min":
        return count[dense - 1] + 1
    return 0.5 * (count[dense] + count[dense - 1] + 1)


@functools.partial(jit, static_argnames=["method", "axis", "nan_policy"])
def rankdata(a, method="average", *, axis=None, nan_policy="propagate"):
    check_arraylike("rankdata", a)
    _check_nan_policy(nan_policy, "rankdata")
    if method not in ("average", "min", "max", "dense", "ordinal"):
        raise MeshjitValueError(f"unknown method '{method}'")
    if axis is not None:
        return jnp.apply_along_axis(rankdata, axis, a, method)
    a = jnp.ravel(a)
    return lax.cond(
        jnp.any(jnp.isnan(a)),
        lambda a: jnp.full_like(a, jnp.nan, np.float32),
        lambda a: _ranks(a, method),
        a,
    )


@functools.partial(jit, static_argnames=["axis", "nan_policy", "keepdims"])
def sem(a, axis=0, ddof=1, nan_policy="propagate", *, keepdims=False):
    (b,) = inexact(a)
    if nan_policy == "propagate":
        size = b.size if axis is None else b.shape[axis]
        return b.std(axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(size).astype(b.dtype)
    if nan_policy == "omit":
        count = (~jnp.isnan(b)).sum(axis, keepdims=keepdims)
        return jnp.nanstd(b, axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(count).astype(b.dtype)
    raise MeshjitValueError(f"{nan_policy} is not supported")
