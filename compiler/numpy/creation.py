"""meshjit.numpy array creation: full, zeros, ones, arange, eye, tri ..."""

from __future__ import annotations

import builtins
import math

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.api import (
    _broadcast_to_shape,
    _materialize,
    add,
    astype,
    aval_of,
    multiply,
    where,
)
from meshjit.compiler.trace.tracing import Tracer, abstractify


def _shape_arg(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


def full(shape, fill_value, dtype=None):
    shape = checks.nonnegative_shape("full", _shape_arg(shape))
    if dtype is None and isinstance(fill_value, (bool, int, float)):
        return _materialize(_broadcast_to_shape(fill_value, shape))  # keeps the weak type
    if dtype is None:
        aval = abstractify(fill_value)
        dtype = aval.dtype
    value = lax.convert_element_type(fill_value, dtypes.canonicalize(dtype))
    return _materialize(_broadcast_to_shape(value, shape))


def zeros(shape, dtype=None):
    return full(shape, 0, dtype or dtypes.float32)


def ones(shape, dtype=None):
    return full(shape, 1, dtype or dtypes.float32)


def empty(shape, dtype=None):
    return zeros(shape, dtype)


def full_like(a, fill_value, dtype=None, shape=None):
    aval = aval_of(a)
    out = full(aval.shape if shape is None else shape, fill_value, dtype or aval.dtype)
    if dtype is None and aval.weak_type:  # as JAX: like a weak value, the result is weak
        out = lax.convert_element_type(out, aval.dtype, weak_type=True)
    return out


def zeros_like(a, dtype=None, shape=None):
    return full_like(a, 0, dtype, shape)


def ones_like(a, dtype=None, shape=None):
    return full_like(a, 1, dtype, shape)


def arange(start, stop=None, step=None, dtype=None):
    for v in (start, stop, step):
        if isinstance(v, (Tracer,)):
            raise MeshjitTypeError("arange needs concrete (static) bounds, got a traced value")
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    if dtype is None:
        is_float = builtins.any(isinstance(v, float) for v in (start, stop, step))
        dtype = dtypes.float32 if is_float else dtypes.int32
    dtype = dtypes.canonicalize(dtype)
    count = builtins.max(int(math.ceil((stop - start) / step)), 0)
    if start == 0 and step == 1:
        return _materialize(lax.iota(dtype, count))
    ramp = lax.iota(dtype, count)
    return _materialize(
        lax.add(
            lax.mul(ramp, lax.convert_element_type(step, dtype)),
            lax.convert_element_type(start, dtype),
        )
    )


def linspace(start, stop, num=50, endpoint=True, dtype=None):
    dtype = dtypes.canonicalize(dtype or dtypes.float32)
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    ramp = lax.convert_element_type(lax.iota(dtypes.int32, num), dtypes.float32)
    return astype(add(multiply(ramp, step), start), dtype)


def eye(N, M=None, k=0, dtype=None):
    M = N if M is None else M
    rows = lax.broadcasted_iota(dtypes.int32, (N, M), 0)
    cols = lax.broadcasted_iota(dtypes.int32, (N, M), 1)
    return astype(lax.eq(lax.add(rows, k), cols), dtype or dtypes.float32)


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    M = N if M is None else M
    rows = lax.broadcasted_iota(dtypes.int32, (N, M), 0)
    cols = lax.broadcasted_iota(dtypes.int32, (N, M), 1)
    return astype(lax.le(cols, lax.add(rows, k)), dtype or dtypes.float32)


def tril(m, k=0):
    m = _materialize(m)
    aval = aval_of(m)
    mask = tri(aval.shape[-2], aval.shape[-1], k, dtypes.bool_)
    return where(mask, m, zeros_like(m))


def triu(m, k=0):
    m = _materialize(m)
    aval = aval_of(m)
    mask = tri(aval.shape[-2], aval.shape[-1], k - 1, dtypes.bool_)
    return where(mask, zeros_like(m), m)


__all__ = [
    "arange",
    "empty",
    "eye",
    "full",
    "full_like",
    "identity",
    "linspace",
    "ones",
    "ones_like",
    "tri",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
]
