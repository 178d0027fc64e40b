"""The public key functions: key, PRNGKey, split, fold_in, bits, clone (and the typed-key
helpers from `keys`). Arguments are checked here, in the caller's frame, so errors name the
user's line; the work is one primitive each (`random_split`, ...), as JAX's: an eager call
compiles it once per shape."""

from __future__ import annotations

import functools
import inspect

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.parallel.explicit import with_out_sharding
from meshjit.compiler.random import (
    key_ops,  # noqa: F401  (typed keys' array functions)
    prng,
)
from meshjit.compiler.random.keys import (
    PRNGKeyArray,
    check_key,
    clone_traced,
    is_typed_key,
    keyed,
    resolve_impl,
    unwrap_traced,
    wrap_result,
)
from meshjit.compiler.random.util import canonical_shape
from meshjit.compiler.trace.tracing import staging


def key(seed, *, impl=None, dtype=None) -> PRNGKeyArray:
    """A typed PRNG key (shape (), dtype `key<fry>` for threefry2x32, `key<rbg>` or
    `key<urbg>`) of `impl` (default: `jax_default_prng_impl`) from an integer seed. `dtype`:
    the implementation as a key dtype or its name (JAX's newer spelling of `impl`)."""
    if dtype is not None:
        if impl is not None:  # JAX's words
            raise MeshjitValueError(
                "Cannot specify both `impl` and `dtype` arguments to jax.random.key"
            )
        impl = dtype
    impl = resolve_impl(impl)
    return PRNGKeyArray(prng.seed_data(seed, "key", impl), impl)


def PRNGKey(seed, *, impl=None):
    """A raw PRNG key, uint32 data of shape (2,) (threefry2x32) or (4,) (rbg, unsafe_rbg), from
    an integer seed."""
    return unwrap_traced(prng.seed_data(seed, "PRNGKey", resolve_impl(impl)))


@keyed
def split(key, num=2):
    """`num` new keys (an int, or a shape) from one key, along new leading axes."""
    data, typed = check_key("split", key)
    if isinstance(num, (float, str)) and staging():  # JAX's abstract evaluation's words
        raise MeshjitTypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got {(num,)}."
        )
    if isinstance(num, (float, str)):  # as JAX (and range()): a count is an integer
        raise MeshjitTypeError(  # Python's words, as JAX's (its eager split)
            f"'{type(num).__name__}' object cannot be interpreted as an integer"
        )
    scalar = isinstance(num, (int, np.integer)) or getattr(num, "ndim", None) == 0
    if not staging():
        _check_eager_split_count(num, scalar)
    if scalar and not np.issubdtype(getattr(num, "dtype", np.int32), np.integer):
        raise MeshjitTypeError(  # JAX's operator.index of the array
            "Only integer scalar arrays can be converted to a scalar index. (split's num must "
            f"be an integer, got {num})"
        )
    shape = (num,) if scalar else num  # a traced count: canonical_shape names it
    shape = canonical_shape(shape, "split")
    return wrap_result(prng.split(data, shape), typed)


def _check_eager_split_count(num, scalar: bool) -> None:
    """JAX's eager split takes the count's entries as indices (Python's and NumPy's words): an
    array of counts is one index, a float entry none."""
    if not scalar and getattr(num, "ndim", 0) >= 1 and not isinstance(num, (tuple, list)):
        raise MeshjitTypeError(
            "Only integer scalar arrays can be converted to a scalar index. (split's num is "
            f"a count or a tuple of counts, got an array of shape {tuple(num.shape)})"
        )
    if isinstance(num, (tuple, list)):
        for n in num:
            if isinstance(n, (float, str)):
                raise MeshjitTypeError(
                    f"'{type(n).__name__}' object cannot be interpreted as an integer"
                )


@keyed
def fold_in(key, data):
    """A new key from `key` and a 32-bit integer scalar `data`."""
    key_data, typed = check_key("fold_in", key)
    return wrap_result(prng.fold_in(key_data, _message(data)), typed)


def _message(data):
    if is_typed_key(data):
        raise MeshjitValueError(
            f"Cannot convert_element_type from {data.dtype} to uint32: fold_in folds "
            "an integer into a key, but was given a PRNG key as the data (typed keys and integers do "
            "not mix)"
        )
    if isinstance(data, str):  # JAX takes int(data)
        raise MeshjitValueError(
            f"invalid literal for int() with base 10: {data!r} (fold_in folds an integer into a key)"
        )
    if isinstance(data, (bool, int)) and not isinstance(data, np.generic):
        if not 0 <= data < 2**32:
            raise MeshjitValueError(
                f"fold_in: the Python integer {data} is out of bounds for uint32"
            )
        return np.uint32(data)
    aval = aval_of(data)
    if aval.shape:
        raise MeshjitTypeError(
            f"fold_in accepts a scalar, but was given an array of shape {aval.shape} != ()"
        )
    return lax.convert_element_type(data, dtypes.uint32)


@keyed
def bits(key, shape=(), dtype=None):
    """Uniform random bits as unsigned integers of `dtype` (the default uint: uint32, or uint64
    with x64)."""
    data, _ = check_key("bits", key)
    dtypes.check_user_dtype(dtype, "")  # JAX warns (naming no function): uint64 is uint32
    dtype = dtypes.default_uint if dtype is None else dtypes.canonicalize(dtype)
    if not dtypes.is_unsigned(dtype):
        raise MeshjitValueError(
            f"dtype argument to `bits` must be an unsigned int dtype, got {dtype}"
        )
    return prng.bits(data, dtype.itemsize * 8, canonical_shape(shape, "bits"))


@keyed
def clone(key):
    """A copy of `key` that is not consumed (the key-reuse checker's way to reuse a key); as
    JAX's, the identity on anything else (it checks no key)."""
    return PRNGKeyArray(clone_traced(key._data), key._impl) if is_typed_key(key) else key


def out_sharded(sampler):
    """`sampler` taking JAX's `out_sharding=` too: the draws (the same bits whatever the
    sharding) laid out, and typed in explicit mode, by it."""

    @functools.wraps(sampler)
    def sample(*args, out_sharding=None, **kwargs):
        out = sampler(*args, **kwargs)
        if out_sharding is None:
            return out
        return with_out_sharding(out, out_sharding, sampler.__name__)

    sample.__signature__ = with_keyword_only(sampler, "out_sharding")
    return sample


def with_keyword_only(fun, name: str) -> inspect.Signature:
    """`fun`'s signature with a keyword-only parameter `name` (default None) added, as
    `inspect.signature` shows JAX's."""
    sig = inspect.signature(fun)
    added = inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None)
    return sig.replace(parameters=[*sig.parameters.values(), added])
