"""meshjit.numpy's complex-number functions, over lax's `real`, `imag`, `conj` and `complex`:
real, imag, conj / conjugate, angle, and the predicates iscomplex, isreal, iscomplexobj,
isrealobj. Real inputs behave as in JAX: their real part is themselves, their imaginary part
zeros, their conjugate themselves."""

from __future__ import annotations

import math

from meshjit.compiler import lax
from meshjit.compiler.api_util import alias
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.creation import full_like
from meshjit.compiler.numpy.util import aval_of, const_like, jitted_as_jax, unary_operand

__all__ = [
    "angle",
    "conj",
    "conjugate",
    "imag",
    "iscomplex",
    "iscomplexobj",
    "isreal",
    "isrealobj",
    "real",
]


def iscomplexobj(x) -> bool:
    """Whether `x`'s dtype is complex (its values are not looked at)."""
    if x is None:
        return False
    dtype = getattr(x, "dtype", None)
    return dtypes.is_complex(dtype if dtype is not None else aval_of(x).dtype)


def isrealobj(x) -> bool:
    return not iscomplexobj(x)


def real(val, /):
    """The real part; a real array is its own."""
    val = unary_operand(val)
    return lax.real(val) if iscomplexobj(val) else val


def imag(val, /):
    """The imaginary part; zeros (of the array's dtype) for a real array."""
    val = unary_operand(val)
    return lax.imag(val) if iscomplexobj(val) else full_like(val, 0)


def conj(x, /):
    """The complex conjugate; a real array is its own (jnp's rule, unlike lax.conj)."""
    x = unary_operand(x)
    return lax.conj(x) if iscomplexobj(x) else x


conjugate = alias(conj, "conjugate")


@jitted_as_jax("deg")
def angle(z, deg: bool = False):
    """The counterclockwise angle from the positive real axis, atan2(imag, real); integers
    and rank-0 floats compute in float32, as JAX."""
    z = unary_operand(z)
    re, im = real(z), imag(z)
    dtype = aval_of(re).dtype
    if not dtypes.is_inexact(dtype) or (dtypes.is_float(aval_of(z).dtype) and not aval_of(z).ndim):
        re = lax.convert_element_type(re, dtypes.default_float)
        im = lax.convert_element_type(im, dtypes.default_float)
    result = lax.atan2(im, re)
    if not deg:
        return result
    return lax.mul(result, const_like(result, 180.0 / math.pi))  # JAX's degrees


def _zero_like(x):
    """0 of x's dtype and weak type (JAX's _const): a Python scalar gives a weak answer."""
    aval = aval_of(x)
    return lax.convert_element_type(0, aval.dtype, weak_type=aval.weak_type)


@jitted_as_jax()
def iscomplex(x):
    """Elementwise: whether the imaginary part is nonzero."""
    i = imag(x)
    return lax.ne(i, _zero_like(i))


@jitted_as_jax()
def isreal(x):
    """Elementwise: whether the imaginary part is zero."""
    i = imag(x)
    return lax.eq(i, _zero_like(i))
