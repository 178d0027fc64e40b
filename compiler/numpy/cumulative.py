"""meshjit.numpy cumulative ops: cumsum, cumprod and their array-API spellings.

JAX's dtype rules: bool accumulates in int32; other dtypes keep theirs in cumsum / cumprod,
while cumulative_sum / cumulative_prod promote small ints to int32 / uint32 as `sum` does.
`dtype=` converts the input first (`dtype=bool` accumulates `a != 0` in int32 and converts
back); `axis=None` and 0-d inputs flatten.
"""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import windowed as lax_windowed
from meshjit.compiler.trace.tracing import abstractify as aval_of


def _accumulation_dtype(dtype):
    if dtypes.is_bool(dtype) or (dtypes.is_int(dtype) and not dtypes.is_unsigned(dtype)):
        return dtypes.int32
    if dtypes.is_unsigned(dtype):
        return dtypes.uint32
    return dtype


def _flattened(a, axis):
    from meshjit.compiler.numpy import api as jnp

    a = jnp.asarray(a)
    if axis is None or aval_of(a).ndim == 0:
        a, axis = jnp.ravel(a), 0 if axis is None else axis
    return a, checks.canonical_axis(axis, aval_of(a).ndim)


def _cumulative(lax_fn, a, axis, dtype, promote_integers=False):
    a, axis = _flattened(a, axis)
    aval = aval_of(a)
    if dtype is not None and dtypes.is_bool(dtypes.canonicalize(dtype)):
        # Accumulate `a != 0` (so -1 and 1 do not cancel) in int32, then convert back.
        a = lax.convert_element_type(a, dtypes.bool_)
        out = lax_fn(lax.convert_element_type(a, dtypes.int32), axis)
        return lax.convert_element_type(out, dtypes.bool_)
    if dtype is not None:
        target = dtypes.canonicalize(dtype)
    elif promote_integers or dtypes.is_bool(aval.dtype):
        target = _accumulation_dtype(aval.dtype)
    else:
        target = aval.dtype
    a = lax.convert_element_type(a, target, weak_type=aval.weak_type and dtype is None)
    return lax_fn(a, axis)


def cumsum(a, axis=None, dtype=None):
    return _cumulative(lax_windowed.cumsum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None):
    return _cumulative(lax_windowed.cumprod, a, axis, dtype)


def _include_initial(out, axis, value):
    aval = aval_of(out)
    config = [(0, 0, 0)] * aval.ndim
    config[axis] = (1, 0, 0)
    return lax.pad(out, lax.convert_element_type(value, aval.dtype), config)


def _array_api_axis(name, x, axis):
    ndim = aval_of(x).ndim
    if axis is None and ndim > 1:
        raise MeshjitValueError(f"{name}: axis must be given for an array of rank {ndim} > 1")
    return 0 if axis is None else axis


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    axis = _array_api_axis("cumulative_sum", x, axis)
    out = _cumulative(lax_windowed.cumsum, x, axis, dtype, promote_integers=True)
    axis = checks.canonical_axis(axis, aval_of(out).ndim)
    return _include_initial(out, axis, 0) if include_initial else out


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    axis = _array_api_axis("cumulative_prod", x, axis)
    out = _cumulative(lax_windowed.cumprod, x, axis, dtype, promote_integers=True)
    axis = checks.canonical_axis(axis, aval_of(out).ndim)
    return _include_initial(out, axis, 1) if include_initial else out


__all__ = ["cumprod", "cumsum", "cumulative_prod", "cumulative_sum"]
