"""meshjit.dtypes: `jax.dtypes`' names (float0, bfloat16, canonicalize_dtype, issubdtype,
result_type, finfo, iinfo, prng_key, extended)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from meshjit.compiler.ad.api import float0
from meshjit.compiler.api_util import alias as _alias
from meshjit.compiler.ir import dtypes as _dtypes
from meshjit.compiler.numpy.scalar_types import EXTENDED_KIND, PRNG_KEY_KIND
from meshjit.compiler.numpy.scalar_types import issubdtype as _issubdtype
from meshjit.compiler.numpy.util import requested_result_type
from meshjit.numpy import finfo, iinfo

bfloat16 = ml_dtypes.bfloat16  # NumPy's scalar type, as JAX's (jnp.bfloat16 makes arrays)
TypePromotionError = _dtypes.TypePromotionError  # a ValueError, as JAX's
extended = EXTENDED_KIND  # the kind of the dtypes NumPy lacks (typed keys')
prng_key = PRNG_KEY_KIND  # the kind of typed PRNG key dtypes (issubdtype(key.dtype, prng_key))


def issubdtype(a, b) -> bool:
    """jnp.issubdtype under jax.dtypes' parameter names (jnp's are NumPy's arg1, arg2)."""
    return _issubdtype(a, b)


def canonicalize_dtype(dtype, allow_extended_dtype: bool = False) -> np.dtype:
    """The dtype meshjit computes in: with x64 off 64-bit types become 32-bit, as in JAX; with
    x64 on every dtype is its own."""
    return _dtypes.canonicalize(dtype)


itemsize_bits = _alias(_dtypes.bit_width, "itemsize_bits")  # (Python names it in its errors)


def result_type(*args, return_weak_type_flag: bool = False):
    """JAX's promotion of `args`; with `return_weak_type_flag`, `(dtype, weak_type)`."""
    dtype, weak = requested_result_type(*args)
    return (dtype, weak) if return_weak_type_flag else dtype


def scalar_type_of(x):
    """The Python scalar type of a value's dtype (bool, int, float, complex)."""
    dtype = np.dtype(getattr(x, "dtype", np.asarray(x).dtype))
    tests = ((_dtypes.is_bool, bool), (_dtypes.is_int, int), (_dtypes.is_complex, complex))
    return next((typ for test, typ in tests if test(dtype)), float)


__all__ = [
    "TypePromotionError",
    "bfloat16",
    "canonicalize_dtype",
    "extended",
    "finfo",
    "float0",
    "iinfo",
    "issubdtype",
    "itemsize_bits",
    "prng_key",
    "result_type",
    "scalar_type_of",
]
