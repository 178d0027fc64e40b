"""meshjit.numpy cumulative ops: cumsum, cumprod, their array-API spellings, and diff.

JAX's dtype rules: bool accumulates in int32; other dtypes keep theirs in cumsum / cumprod /
cumulative_prod, while cumulative_sum (JAX's jitted _cumsum_with_promotion) promotes small ints
to int32 / uint32 as `sum` does. `dtype=` converts the input first (`dtype=bool` accumulates
`a != 0` in int32 and converts back); `axis=None` and 0-d inputs flatten.
"""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitValueError, ShardingTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.elementwise import not_equal, subtract
from meshjit.compiler.numpy.shapes import broadcast_to, concatenate, ravel
from meshjit.compiler.numpy.util import (
    aval_of,
    check_arraylike,
    check_out,
    jitted,
    jitted_as_jax,
    materialize,
    static_axis,
    sum_dtype,
)

__all__ = [
    "cumprod",
    "cumsum",
    "cumulative_prod",
    "cumulative_sum",
    "diff",
]


def check_flattenable(name: str, a) -> None:
    """A cumulative op without an axis flattens its input: JAX refuses a sharded one."""
    aval = aval_of(a)
    if any(e is not None for e in spec_of(aval)):
        raise ShardingTypeError(  # JAX's words
            "The input should be fully replicated when axis is not specified to "
            f"{name}. Got input type={aval.str_long()}"
        )


def _flattened(name, a, axis):
    a = asarray(a)
    if axis is None or aval_of(a).ndim == 0:
        check_flattenable(name, a)
        a, axis = ravel(a), 0 if axis is None else axis
    return a, checks.canonical_axis(axis, aval_of(a).ndim)


def _cumulative(lax_fn, a, axis, dtype, promote_integers=False, name=None):
    """JAX's _cumulative_reduction: accumulate in the computation dtype, convert to the
    result's (dtype=bool accumulates `a != 0` in int32, so -1 and 1 do not cancel)."""
    a, axis = _flattened(name or lax_fn.__name__, a, axis)
    aval = aval_of(a)
    if dtype is None:
        promote = promote_integers or dtypes.is_bool(aval.dtype)
        result = computation = sum_dtype(aval.dtype) if promote else aval.dtype
    elif dtypes.is_bool(dtypes.canonicalize(dtype)):
        result, computation = dtypes.bool_, dtypes.int32
        a = a if dtypes.is_bool(aval.dtype) else not_equal(a, 0)
    else:
        result = computation = dtypes.canonicalize(dtype)
    a = lax.convert_element_type(a, computation)  # strong, as JAX's (a weak input's sum is not)
    return lax.convert_element_type(lax_fn(a, axis), result)


@jitted_as_jax("axis", "dtype")
def cumsum(a, axis=None, dtype=None, out=None):
    return cumulative_in_trace("cumsum", a, axis, dtype, out)


@jitted_as_jax("axis", "dtype")
def cumprod(a, axis=None, dtype=None, out=None):
    return cumulative_in_trace("cumprod", a, axis, dtype, out)


def cumulative_in_trace(name, a, axis, dtype, out=None):
    """jnp.cumsum / cumprod's equations, not as a call (nancumsum's, inside its own)."""
    check_arraylike(name, a)
    check_out(out, name)
    return _cumulative(getattr(lax, name), a, axis, dtype, name=name)


def _include_initial(out, axis, value):
    """JAX's concatenation of a slab of `value` (lax.full) before `out` along `axis`."""
    aval = aval_of(out)
    shape = list(aval.shape)
    shape[axis] = 1
    return lax.concatenate([lax.full(tuple(shape), value, aval.dtype), out], axis)


def _array_api_axis(name, x, axis):
    ndim = aval_of(x).ndim
    if ndim == 0:  # JAX's message
        what = "sum" if name == "cumulative_sum" else "product"
        raise MeshjitValueError(
            f"The input must be non-scalar to take a cumulative {what}, however a scalar value "
            "or scalar array was given."
        )
    if axis is None and ndim > 1:
        raise MeshjitValueError(
            f"The input array has rank {ndim}, however axis was not set to an explicit value. "
            "The axis argument is only optional for one-dimensional arrays."
        )
    return 0 if axis is None else axis


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    check_arraylike("cumulative_sum", x)
    x = asarray(x)
    axis = checks.canonical_axis(_array_api_axis("cumulative_sum", x, axis), aval_of(x).ndim)
    dtype = None if dtype is None else dtypes.canonicalize(dtype)
    program = jitted(_cumsum_with_promotion, ("axis", "dtype"))  # JAX's jitted helper
    out = program(x, axis=axis, dtype=dtype)
    return _include_initial(out, axis, 0) if include_initial else out


def _cumsum_with_promotion(a, axis=None, dtype=None):
    return _cumulative(lax.cumsum, a, axis, dtype, promote_integers=True)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Small ints keep their dtype here (JAX promotes them in cumulative_sum only)."""
    check_arraylike("cumulative_prod", x)
    x = asarray(x)
    axis = checks.canonical_axis(_array_api_axis("cumulative_prod", x, axis), aval_of(x).ndim)
    out = _cumulative(lax.cumprod, x, axis, dtype)
    return _include_initial(out, axis, 1) if include_initial else out


# ---------------------------------------------------------------------------------------------
# diff.


def _edge_values(value, x, axis):
    """prepend/append values as a slab of `x`'s shape with length 1 (scalars) along `axis`."""
    value = materialize(value)
    shape = list(aval_of(x).shape)
    if aval_of(value).ndim == 0:
        shape[axis] = 1
        return broadcast_to(value, tuple(shape))
    return value


def diff(a, n=1, axis=-1, prepend=None, append=None):
    x = materialize(a)
    n = int(n)
    if n < 0:
        raise MeshjitValueError(f"order must be non-negative but got {n}")
    if not aval_of(x).ndim:  # JAX's words
        raise MeshjitValueError(
            "diff requires input that is at least one dimensional; got an array of type "
            f"{aval_of(x).str_short()}"
        )
    if n == 0:
        return x
    axis = static_axis(axis, aval_of(x).ndim)
    program = jitted(_diff, ("n", "axis"), "diff")  # JAX's @jit(static_argnames=('n', 'axis'))
    return program(x, n, axis, prepend=prepend, append=append)


def _diff(x, n, axis, prepend=None, append=None):
    pieces = [x]
    if prepend is not None:
        pieces.insert(0, _edge_values(prepend, x, axis))
    if append is not None:
        pieces.append(_edge_values(append, x, axis))
    x = concatenate(pieces, axis) if len(pieces) > 1 else x
    difference = not_equal if dtypes.is_bool(aval_of(x).dtype) else subtract
    later, earlier = [slice(None)] * aval_of(x).ndim, [slice(None)] * aval_of(x).ndim
    later[axis], earlier[axis] = slice(1, None), slice(None, -1)
    for _ in range(n):  # JAX's indexing: slices without strides
        x = difference(x[tuple(later)], x[tuple(earlier)])
    return x
