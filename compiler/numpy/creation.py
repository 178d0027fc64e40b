"""meshjit.numpy array creation: asarray, copy, full / zeros / ones / empty and their *_like
forms, arange, linspace, eye, identity, and the triangles tri, tril, triu."""

from __future__ import annotations

import builtins
import functools
import math
import operator
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    IncompatibleShapesError,
    MeshjitNotImplementedError,
    MeshjitOverflowError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import (
    dimension_as_value,
    is_constant_dim,
    is_symbolic_dim,
    max_dim,
)
from meshjit.compiler.lax import ad_util
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.copies import array_copy
from meshjit.compiler.lax.shapes import like_sharding, varying_as
from meshjit.compiler.numpy.elementwise import add, astype, multiply, subtract
from meshjit.compiler.numpy.shapes import concatenate, expand_dims, stack
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_to_shape,
    broadcasts_to,
    check_arraylike,
    contains_traced,
    is_meshjit_array,
    is_traced,
    jitted,
    materialize,
    placed,
    result_type,
)
from meshjit.compiler.trace.tracing import Tracer, checked_dtype, require_concrete

__all__ = [
    "arange",
    "array",
    "asarray",
    "copy",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
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


def asarray(a, dtype=None, order=None, *, copy=None, device=None, out_sharding=None):
    """JAX's jnp.asarray (`order` only 'K' or None; `device` / `out_sharding` place it)."""
    _check_order(order)
    return placed(_asarray(a, dtype, "asarray"), device, out_sharding, "jnp.asarray")


def array(object, dtype=None, *args, copy=True, order="K", ndmin=0, device=None, out_sharding=None):
    """JAX's jnp.array: asarray, with at least `ndmin` dimensions (leading ones added). `copy`,
    `order` and `ndmin` given by position: as JAX's, accepted with a DeprecationWarning."""
    if args:
        copy, order, ndmin = _positional_array_args(args, copy, order, ndmin)
    _check_order(order)
    if copy and type(object) is Tracer:  # as JAX: a traced copy, then the conversion
        object = _copy_of(object)
    x = _asarray(object, dtype)
    if copy and x is object and is_meshjit_array(x):
        x = _copy_of(x)  # as JAX: copy=True never returns `object`
    missing = operator.index(ndmin) - (x.ndim if _is_key_array(x) else aval_of(x).ndim)
    if missing > 0:
        x = lax.reshape(x, (1,) * missing + aval_of(x).shape)
    return placed(x, device, out_sharding, "jnp.array")


def _positional_array_args(args, copy, order, ndmin) -> list:
    """JAX's handling (and words) of jnp.array's deprecated positional copy, order, ndmin."""
    if len(args) > 3:
        raise MeshjitTypeError(
            f"array() takes at most 5 positional arguments but {len(args) + 2} were given"
        )
    given, defaults = [copy, order, ndmin], [True, "K", 0]
    for i, name in enumerate(["copy", "order", "ndmin"]):
        if i < len(args) and given[i] != defaults[i]:
            raise MeshjitTypeError(f"array() got multiple values for argument '{name}'")
    warnings.warn(
        "Passing the copy, order, and ndmin arguments to jnp.array positionally is deprecated. "
        "Use keyword arguments instead.",
        DeprecationWarning,
        stacklevel=4,  # the caller of jnp.array (past its API wrapper)
    )
    return (list(args) + given[len(args) :])[:3]


def _check_order(order) -> None:
    if order is not None and order != "K":
        raise MeshjitNotImplementedError("Only implemented for order='K'")


def _asarray(a, dtype, name: str = "array"):
    dtypes.check_user_dtype(dtype, name)
    if _has_jax_array(a):  # as JAX: weak only if the object itself is (a wrapper is not)
        x = _asarray(a.__jax_array__(), dtype, name)
        aval = aval_of(x)
        return lax.convert_element_type(x, aval.dtype) if aval.weak_type else x
    if a is None:
        raise MeshjitValueError("None is not a valid value for jnp.array")
    if dtype is None and _is_key_array(a):  # typed keys stay keys (JAX's)
        return a
    if isinstance(a, range) or _is_python_buffer(a):  # as JAX: ranges and buffers via NumPy
        a = np.asarray(a)
    if isinstance(a, (np.ndarray, np.generic)) and a.dtype.kind in "mM" and dtype is None:
        raise MeshjitTypeError(  # JAX's words (a date or a time delta is not a number)
            f"Value '{a}' with dtype {a.dtype} is not a valid JAX array type. Only arrays of "
            "numeric types are supported by JAX."
        )
    a = _dims_as_values(a)  # symbolic dimensions (shape polymorphism): `jnp.array(x.shape)`
    if isinstance(a, (list, tuple)) and a and dtype is None and all(map(_is_key_array, a)):
        return stack(a)  # typed keys: a key array
    if isinstance(a, (list, tuple)) and any(_has_jax_array(x) for x in _leaves(a)):
        a = _map_leaves(_from_jax_array, a)  # as JAX: leaves converted through the protocol
    if isinstance(a, (list, tuple)) and contains_traced(a):
        # As JAX: each element converted to the (strong) common dtype and given its new axis
        # in turn, then all concatenated.
        target = checked_dtype(dtype) if dtype is not None else result_type(*_leaves(a))
        return concatenate([expand_dims(asarray(x, target), 0) for x in a], 0)
    elif isinstance(a, (list, tuple)) or (dtype is not None and isinstance(a, (int, float))):
        if isinstance(a, (list, tuple)) and any(x is None for x in _leaves(a)):
            raise MeshjitValueError("None is not a valid value for jnp.array")
        leaves = _leaves(a) if isinstance(a, (list, tuple)) else [a]
        if dtypes.strict_promotion and dtype is None and len(leaves) > 1:
            result_type(*leaves)  # JAX's TypePromotionError for mixed leaves
        text = next((x for x in leaves if isinstance(x, (str, bytes))), None)
        if text is not None and dtype is None:  # JAX's check (NumPy parses it to a dtype)
            raise MeshjitTypeError(
                f"Value {text!r} with dtype {np.asarray(text).dtype} is not a valid JAX array "
                "type. Only arrays of numeric types are supported by JAX."
            )
        odd = next((x for x in leaves if _is_object_leaf(x)), None)
        if odd is not None and dtype is None:  # JAX's check (NumPy makes it an object array)
            raise MeshjitTypeError(
                f"Value '{odd}' with dtype object is not a valid JAX array type. Only arrays of "
                "numeric types are supported by JAX."
            )
        if dtype is not None and _warns_twice(a, checked_dtype(dtype)):
            # JAX's check by NumPy first (coerce_to_array): a Python number past the dtype's
            # range warns here and below
            np.asarray(a, checked_dtype(dtype))
        # As NumPy and JAX: `int8(200)` raises OverflowError (an op with a scalar wraps instead).
        try:
            host = _host_array(a, _list_dtype(leaves) if dtype is None else checked_dtype(dtype))
        except ValueError:
            if not any(is_meshjit_array(x) for x in _leaves(a)):
                raise
            # Ragged arrays: JAX stacks them, and says which shapes differ
            return concatenate([expand_dims(asarray(x, dtype), 0) for x in a], 0)
        if dtype is None and host.dtype == np.int64 and not dtypes.x64_enabled:
            _check_python_ints_fit(host, a)
        a = host
    x = materialize(a)
    return x if dtype is None else lax.convert_element_type(x, dtype)


def _is_object_leaf(x) -> bool:
    """A list's leaf NumPy holds only as a Python object (not a number, string or array)."""
    if hasattr(x, "dtype") or isinstance(x, (bool, int, float, complex, str, bytes)):
        return False
    return np.asarray(x).dtype == object


def _list_dtype(leaves):
    """As JAX: a list holding NumPy scalars or arrays takes JAX's promotion of its leaves
    (`[np.int8(1), 2]` is int8, `[np.float16(1), 2.0]` float16), not NumPy's; a list of
    Python numbers only is NumPy's (its int64 checked against int32 below)."""
    if all(type(x) in (bool, int, float, complex) for x in leaves):
        return None
    return result_type(*leaves)


def _is_float0(dtype) -> bool:
    try:
        return np.dtype(dtype) == ad_util.float0
    except TypeError:
        return False


def _has_jax_array(x) -> bool:
    return getattr(x, "__jax_array__", None) is not None and not is_meshjit_array(x)


def _is_key_array(x) -> bool:
    return getattr(getattr(x, "dtype", None), "is_extended", False)


def _from_jax_array(a):
    """An object of the `__jax_array__` protocol as the array it gives (JAX's jnp.array and
    the *_like functions convert it; other functions refuse it, see `abstractify`)."""
    return a.__jax_array__() if _has_jax_array(a) else a


def _map_leaves(fn, seq):
    if isinstance(seq, (list, tuple)):
        return [_map_leaves(fn, x) for x in seq]
    return fn(seq)


def _check_python_ints_fit(values: np.ndarray, seq) -> None:
    """As JAX (its int32 array of the list, by NumPy): an integer past int32's range in a list
    (a Python int or a NumPy signed scalar) raises instead of wrapping."""
    info = np.iinfo(np.int32)
    if values.size and (values.min() < info.min or values.max() > info.max):
        try:
            np.asarray(seq, np.int32)
        except OverflowError as e:
            err = MeshjitOverflowError(str(e))  # NumPy's words, as JAX's
            err.add_note("jnp.array of a list, x64 off")
            raise err from None


def _warns_twice(a, dtype) -> bool:
    """A float, or an int made inexact: NumPy's cast warns where it overflows (an int past an
    integer dtype raises instead, below)."""
    if isinstance(a, bool):
        return False
    return isinstance(a, float) or (isinstance(a, int) and dtypes.is_inexact(dtype))


def _dims_as_values(a):
    """Symbolic dimensions as values: `x.shape[0]`, or a short sequence like `x.shape`."""
    if is_symbolic_dim(a):
        return dimension_as_value(a)
    if isinstance(a, (list, tuple)) and len(a) <= 32:  # shapes are short: long lists stay fast
        if any(is_symbolic_dim(x) for x in _leaves(a)):
            return [_dims_as_values(x) for x in a]
    return a


def _host_array(a, dtype) -> np.ndarray:
    try:
        return np.asarray(a, dtype)
    except TypeError:
        # ml_dtypes' int4 takes only numbers: a list of int4 Arrays goes through their values
        if not isinstance(a, (list, tuple)):
            raise
        return np.asarray([_host_array(x, None) for x in a], dtype)


def _leaves(seq) -> list:
    """The elements of nested lists and tuples."""
    out = []
    for x in seq:
        out += _leaves(x) if isinstance(x, (list, tuple)) else [x]
    return out


_NOT_BUFFERS = (bool, int, float, complex, list, tuple, np.ndarray, np.generic, bytes, str)


def _is_python_buffer(a) -> bool:
    """An object exposing Python's buffer protocol that is not already an array or scalar
    (array.array, bytearray, memoryview)."""
    if isinstance(a, _NOT_BUFFERS) or hasattr(a, "aval"):
        return False
    try:
        memoryview(a)
    except TypeError:
        return False
    return True


def from_dlpack(x, /, *, device=None, copy=None):
    """An array from any object with `__dlpack__` (host memory, read through NumPy), on `device`
    (a device or a one-device sharding) when given."""
    devices = getattr(device, "device_set", None)
    if devices is not None and len(devices) > 1:
        raise MeshjitValueError(
            "from_dlpack can only unpack a dlpack tensor onto a singular device, but a Sharding "
            f"with {len(devices)} devices was provided."
        )
    if not hasattr(x, "__dlpack__") or not hasattr(x, "__dlpack_device__"):
        raise MeshjitTypeError(
            "The array passed to from_dlpack must have __dlpack__ and __dlpack_device__ methods."
        )
    host = np.from_dlpack(x)
    if device is None:
        return asarray(host.copy() if copy else host)
    from meshjit.compiler.runtime.device_put import device_put  # runtime/ sits above

    return device_put(host, device)


def is_supported_dtype(dtype) -> bool:
    """Whether DLPack exchanges arrays of `dtype` (as jax.dlpack)."""
    if dtype is None:
        raise MeshjitTypeError(f"Expected a string or dtype-like object; got {dtype=}")
    return np.dtype(dtype) in _DLPACK_DTYPES


_DLPACK_DTYPES = frozenset(
    np.dtype(t)
    for t in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
    + ("float16", "bfloat16", "float32", "float64", "complex64", "complex128", "bool")
)


def copy(a, order=None):
    """A new array: an array on devices gets buffers of its own (so donating the copy leaves
    `a` alive, as in JAX); a traced value a `copy` of it, as JAX's."""
    check_arraylike("copy", a)
    _check_order(order)  # JAX's: its copy is array(a, copy=True, order=order)
    if type(a) is Tracer:
        return array_copy(a)
    if is_meshjit_array(a):
        from meshjit.compiler.runtime.device_put import device_put  # runtime/ sits above

        out = device_put(np.asarray(a), a.sharding)
        out._committed = a._committed  # as JAX: a copy is as free to move as its source
        return out
    return asarray(a)


def _copy_of(a):
    """`copy(a)`, for functions whose `copy` parameter hides the function."""
    return copy(a)


# ---------------------------------------------------------------------------------------------
# Filled arrays.


def _shape_arg(shape):
    if (
        isinstance(shape, (int, float, complex))
        or getattr(shape, "ndim", None) == 0
        or is_symbolic_dim(shape)
    ):  # a number (a float one refused as a dimension next), a 0-d array, a symbolic dimension
        return (shape,)
    return shape if isinstance(shape, list) else tuple(shape)  # a list: JAX's errors show one


def _key_dtype(dtype, like=None):
    """The key dtype (JAX's extended dtype) an array is filled with: `dtype`'s, else (no
    dtype given) the one of `like`, the fill value or prototype; else None."""
    if dtype is None:
        dtype = getattr(like, "dtype", None)
    return dtype if getattr(dtype, "is_extended", False) else None


def full(shape, fill_value, dtype=None, *, device=None, out_sharding=None):
    key_dtype = _key_dtype(dtype, fill_value)
    if key_dtype is not None:  # typed keys: all of fill_value's data, or each word fill_value
        return key_dtype.full(_shape_arg(shape), fill_value)  # unplaced: JAX ignores the target
    dtypes.check_user_dtype(dtype, "full")
    return placed(_full(shape, fill_value, dtype), device, out_sharding, "full")


def _full(shape, fill_value, dtype=None):
    shape = checks.nonnegative_shape("broadcast_in_dim", _shape_arg(shape))  # JAX's name
    if dtype is not None and _is_float0(dtype):  # as JAX: NumPy's float0 zeros (tangents')
        return np.zeros(shape, ad_util.float0)
    if getattr(dtype, "is_extended", False):  # typed keys: keys of `fill_value` words
        return lax.full(shape, fill_value, dtype)
    if dtype is None and isinstance(fill_value, (bool, int, float, complex)):
        return materialize(lax.full(shape, fill_value))  # weak; a too large int wraps, as JAX
    if dtype is None and isinstance(fill_value, Tracer) and not fill_value.aval.shape:
        return lax.full(shape, fill_value)  # as JAX's: a weak scalar stays weak
    if dtype is None:
        aval = aval_of(fill_value)
        dtype = aval.dtype
    value = lax.convert_element_type(fill_value, dtypes.canonicalize(dtype))
    got = aval_of(value)
    if not broadcasts_to(got.shape, shape):
        raise IncompatibleShapesError(
            f"Incompatible types for broadcasting: input type={got.str_long()} and requested "
            f"type={got.update(shape=tuple(shape)).str_long()}"
        )
    return materialize(broadcast_to_shape(value, shape))


def zeros(shape, dtype=None, *, device=None, out_sharding=None):
    if _key_dtype(dtype) is not None:  # typed keys, each word 0, as JAX's
        return full(shape, 0, dtype, device=device, out_sharding=out_sharding)
    dtypes.check_user_dtype(dtype, "zeros")
    value = _full(shape, 0, dtype or dtypes.default_float)
    return placed(value, device, out_sharding, "zeros")


def ones(shape, dtype=None, *, device=None, out_sharding=None):
    if _key_dtype(dtype) is not None:  # typed keys, each word 1, as JAX's
        return full(shape, 1, dtype, device=device, out_sharding=out_sharding)
    dtypes.check_user_dtype(dtype, "ones")
    value = _full(shape, 1, dtype or dtypes.default_float)
    return placed(value, device, out_sharding, "ones")


def empty(shape, dtype=None, *, device=None, out_sharding=None):
    if _key_dtype(dtype) is None:
        dtypes.check_user_dtype(dtype, "empty")
    return zeros(shape, dtype, device=device, out_sharding=out_sharding)


def full_like(a, fill_value, dtype=None, shape=None, *, device=None, out_sharding=None):
    dtypes.check_user_dtype(dtype, "full_like")  # JAX's warning for 64 bits without x64
    return _full_like(a, fill_value, dtype, shape, device, out_sharding)


def _full_like(a, fill_value, dtype, shape, device, out_sharding):
    if getattr(a, "is_mutable_ref", False):  # a Ref's shape and dtype, as JAX's duck typing
        a = a.ref_aval.inner_aval
    if not (hasattr(a, "dtype") and hasattr(a, "shape")):  # duck typing, as JAX
        a = _from_jax_array(a)
    key_dtype = _key_dtype(dtype, a)
    if key_dtype is not None:
        if not getattr(getattr(a, "dtype", None), "is_extended", False):
            raise MeshjitTypeError(f"Cannot determine dtype of {key_dtype}")  # JAX's words
        return key_dtype.full(a.shape if shape is None else _shape_arg(shape), fill_value)
    if getattr(getattr(a, "dtype", None), "is_extended", False):  # keys' shape, numbers
        out = _full(a.shape if shape is None else shape, fill_value, dtype)
        return placed(out, device, out_sharding, "full_like")
    aval = aval_of(a)
    out = _full(aval.shape if shape is None else shape, fill_value, dtype or aval.dtype)
    weak = dtype is None and aval.weak_type
    if weak:  # as JAX: like a weak value, the result is weak
        out = lax.convert_element_type(out, aval.dtype, weak_type=True)
    if np.ndim(fill_value) != 0:  # as JAX: a broadcast fill, neither laid out nor cast as `a`
        return placed(out, device, out_sharding, "full_like")
    if out_sharding is None and device is None:
        # as JAX: laid out as `a` (a committed Array's sharding, a typed value's type)
        device = like_sharding(a, shape, weak)
    # as JAX's lax.full_like: inside a shard_map, varying over the manual axes `a` varies over
    return varying_as(placed(out, device, out_sharding, "full_like"), aval)


def zeros_like(a, dtype=None, shape=None, *, device=None, out_sharding=None):
    dtypes.check_user_dtype(dtype, "zeros_like")
    return _full_like(a, 0, dtype, shape, device, out_sharding)


def ones_like(a, dtype=None, shape=None, *, device=None, out_sharding=None):
    dtypes.check_user_dtype(dtype, "ones_like")
    return _full_like(a, 1, dtype, shape, device, out_sharding)


def empty_like(prototype, dtype=None, shape=None, *, device=None):
    dtypes.check_user_dtype(dtype, "empty_like")  # JAX's takes no out_sharding
    return _full_like(prototype, 0, dtype, shape, device, None)


# ---------------------------------------------------------------------------------------------
# Ranges and matrices.


def arange(start, stop=None, step=None, dtype=None, *, device=None, out_sharding=None):
    dtypes.check_user_dtype(dtype, "arange")
    return placed(_arange(start, stop, step, dtype), device, out_sharding, "arange")


def _check_arange_scalars(start, stop, step) -> None:
    """JAX's ValueErrors for an array bound and for a complex one."""
    named = (("stop" if stop is None and step is None else "start", start), ("stop", stop))
    for name, v in (*named, ("step", step)):
        if v is not None and not is_symbolic_dim(v) and np.ndim(v) != 0:
            raise MeshjitValueError(f"jax.numpy.arange: arguments must be scalars; got {name}={v}")
    if builtins.any(np.iscomplexobj(v) for _, v in (*named, ("step", step)) if v is not None):
        raise MeshjitValueError(
            "Passing complex start/stop/step to jnp.arange is no longer supported starting in "
            "JAX v0.10.0."
        )


def _arange(start, stop=None, step=None, dtype=None):
    for what, v in (("start", start), ("stop", stop), ("step", step)):
        if is_traced(v):
            what = "stop" if what == "start" and stop is None else what  # arange(n): n stops
            require_concrete(v, f"It arose in the jnp.arange argument '{what}'")
    _check_arange_scalars(start, stop, step)
    if dtype is None:  # the bounds given (`arange(True)` is bool, which iota refuses, as JAX)
        dtype = _arange_dtype(start, stop, step)
    if stop is None:
        start, stop = 0, start
    step_given, step = step is not None, 1 if step is None else step
    dtype = dtypes.canonicalize(dtype)
    if builtins.any(is_symbolic_dim(v) for v in (start, stop, step)):
        count = _symbolic_count(start, stop, step)
    else:
        count = builtins.max(int(math.ceil((stop - start) / step)), 0)
    if step_given:  # JAX's: start + step * iota, low-precision floats worked in float32
        work = dtypes.float32 if dtype in (dtypes.float16, dtypes.bfloat16) else dtype
        ramp = lax.mul(lax.convert_element_type(step, work), lax.iota(work, count))
        ramp = lax.add(lax.convert_element_type(start, work), ramp)
        return materialize(lax.convert_element_type(ramp, dtype))
    if start == 0:
        return materialize(lax.iota(dtype, count))
    return materialize(lax.add(lax.convert_element_type(start, dtype), lax.iota(dtype, count)))


def _arange_dtype(*bounds):
    """JAX's: the promotion of the bounds given (`arange(np.int8(5))` is int8, a Python
    number weak); symbolic dimensions count as the default int."""
    if builtins.any(is_symbolic_dim(v) for v in bounds):
        return dtypes.default_int
    # A Python int's type is the weak default int whatever its value: past int32 it wraps when
    # converted (`arange(2**31, 2**31 + 3)` is JAX's int32 -2**31, ...), as JAX's does.
    return result_type(*(0 if type(v) is int else v for v in bounds if v is not None))


def _symbolic_count(start, stop, step):
    """The length of arange with a symbolic bound (shape polymorphism): integer bounds and a
    constant step."""
    if not is_constant_dim(step) or not builtins.all(
        is_symbolic_dim(v) or is_constant_dim(v) for v in (start, stop)
    ):
        raise MeshjitValueError(
            f"jnp.arange with a symbolic dimension takes integer bounds and a constant step, got "
            f"start={start}, stop={stop}, step={step}"
        )
    if step > 0:
        return max_dim((stop - start + step - 1) // step, 0)
    return max_dim((start - stop - step - 1) // -step, 0)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    """JAX's linspace: array endpoints broadcast, the points along `axis` are
    start * (1 - t) + stop * t (so the endpoints are exact), integers floor. It runs as one
    compiled program, as JAX's jitted linspace does, so XLA rounds it the same way."""
    dtypes.check_user_dtype(dtype, "linspace")
    start, stop = materialize(start), materialize(stop)
    if dtype is None:  # the endpoints' inexact type, as JAX's (float16 stays float16)
        dtype = dtypes.to_inexact(result_type(start, stop))
    dtype = dtypes.canonicalize(dtype)
    require_concrete(num, "'num' argument of jnp.linspace")
    num = operator.index(num)
    if type(num) is int and num < 0:
        raise MeshjitValueError(f"Number of samples, {num}, must be non-negative.")
    out = _jitted_linspace()(start, stop, int(num), bool(endpoint), bool(retstep), dtype, axis)
    if device is None:
        return out
    return (
        (placed(out[0], device, None, "linspace"), out[1])
        if retstep
        else placed(out, device, None, "linspace")
    )


@functools.cache
def _jitted_linspace():
    from meshjit.compiler.jit.api import jit  # jit/ sits above numpy/

    return jit(_linspace, static_argnums=(2, 3, 4, 5, 6))


def _linspace(start, stop, num, endpoint, retstep, dtype, axis):
    compute = dtypes.to_inexact(dtype)  # JAX's: float32 for int32 with x64 on too (it rounds)
    start, stop = lax.convert_element_type(start, compute), lax.convert_element_type(stop, compute)
    bounds = lax.broadcast_shapes(aval_of(start).shape, aval_of(stop).shape)
    start, stop = broadcast_to_shape(start, bounds), broadcast_to_shape(stop, bounds)
    axis = checks.canonical_axis(axis, len(bounds) + 1)
    with_axis = bounds[:axis] + (1,) + bounds[axis:]
    div = (num - 1) if endpoint else num
    delta = lax.div(lax.sub(stop, start), np.array(div, compute)) if num > 1 else None
    if num > 1:
        out = _interpolated(start, stop, div, with_axis, axis, compute)
        if endpoint:
            out = lax.concatenate([out, lax.expand_dims(stop, (axis,))], axis)
    elif num == 1:
        out = lax.reshape(start, with_axis)
    else:
        out = lax.full(bounds[:axis] + (0,) + bounds[axis:], 0, compute)
    if dtypes.is_int(dtype) and not dtypes.is_int(compute):
        out = lax.floor(out)
    out = lax.convert_element_type(out, dtype)
    return (out, delta) if retstep else out


def _interpolated(start, stop, div, with_axis, axis, compute):
    """start * (1 - t) + stop * t for t = 0, 1/div, ..., (div - 1)/div along `axis`."""
    real = dtypes.real_dtype(compute)
    iota_shape = [1] * len(with_axis)
    iota_shape[axis] = div
    t = lax.div(lax.reshape(lax.iota(real, div), iota_shape), np.array(div, real))
    t = lax.convert_element_type(t, compute)
    lo = multiply(lax.reshape(start, with_axis), subtract(1, t))
    return add(lo, multiply(lax.reshape(stop, with_axis), t))


def eye(N, M=None, k=0, dtype=None, *, device=None):
    contexts = (("N", N, "argument of 'N' jnp.eye()"), ("M", M, "argument 'M' of jnp.eye()"))
    for name, d, context in contexts:  # JAX's words for a non-integer size
        if d is not None and not isinstance(d, (int, np.integer)) and np.ndim(d) == 0:
            checks.concrete_shape(f"eye's {name}", (d,), context)
    if not (np.ndim(k) == 0 and dtypes.is_int(np.result_type(k))):  # JAX's words
        raise MeshjitValueError(f"k must be a scalar integer; got {k}")
    given_M, M = M, N if M is None else M
    if all(isinstance(d, (int, np.integer)) for d in (N, M)) and (N < 0 or M < 0):
        raise MeshjitValueError(
            f"negative dimensions are not allowed, got {N} and {given_M} (eye's N and M)"
        )
    rows = lax.broadcasted_iota(dtypes.int32, (N, M), 0)
    cols = lax.broadcasted_iota(dtypes.int32, (N, M), 1)
    dtypes.check_user_dtype(dtype, "eye")  # JAX's warning names eye (astype's is muted)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Explicitly requested dtype", UserWarning)
        out = astype(lax.eq(lax.add(rows, k), cols), dtype or dtypes.default_float)
    return placed(out, device, None, "eye")


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    M = N if M is None else M
    if is_traced(k):  # as JAX's lax._tri: the offset is an operand
        aval = aval_of(k)
        if aval.shape or not dtypes.is_int(aval.dtype):
            raise MeshjitTypeError(f"offset must be an integer, got {k!r}")
    else:
        k = operator.index(k)  # a float diagonal offset: Python's TypeError, as JAX's
    return astype(_tri_mask(N, M, k), dtype or dtypes.float32)  # float32, as JAX


def _tri_mask(N, M, k):
    """JAX's lax._tri: row + k >= column, its equations in its order."""
    index = dtypes.int32
    if is_traced(k) and aval_of(k).dtype.itemsize == 8:  # JAX's wider index for an int64 k
        index = dtypes.int64
    rows = lax.broadcasted_iota(index, (N, M), 0)
    if is_traced(k) and (aval_of(k).dtype != index or aval_of(k).weak_type):  # asarray
        k = lax.convert_element_type(k, index)
    rows = lax.add(rows, k)
    return lax.ge(rows, lax.broadcasted_iota(index, (N, M), 1))


def _static_k(k, what: str):
    """`k`, static in JAX's jit of tril / triu: a hashable value."""
    from meshjit.compiler.jit.signature import hashable_static  # a later room

    return hashable_static(k, what)


def tril(m, k=0):
    m = materialize(m)
    aval = aval_of(m)
    if aval.ndim < 2:  # JAX's ValueError (NumPy makes a matrix of a vector)
        raise MeshjitValueError("Argument to jax.numpy.tril must be at least 2D")
    k = _static_k(k, "tril's k")
    return _jitted_triangle("tril")(m, k=k)


def triu(m, k=0):
    m = materialize(m)
    aval = aval_of(m)
    if aval.ndim < 2:  # JAX's ValueError (NumPy makes a matrix of a vector)
        raise MeshjitValueError("Argument to jax.numpy.triu must be at least 2D")
    k = _static_k(k, "triu's k")
    return _jitted_triangle("triu")(m, k=k)


@functools.lru_cache(maxsize=None)
def _jitted_triangle(name: str):
    """JAX's @jit(static_argnames=('k',)) tril / triu (jit sits above numpy: built on use)."""
    return jitted(_tril if name == "tril" else _triu, ("k",), name)


def _triangle_mask(m, k):
    shape = aval_of(m).shape
    k = operator.index(k)  # a float diagonal offset: Python's TypeError, as JAX's (its jnp.tri)
    return lax.broadcast(_tri_mask(shape[-2], shape[-1], k), shape[:-2])


def _tril(m, k=0):
    return lax.select(_triangle_mask(m, k), m, zeros_like(m))


def _triu(m, k=0):
    return lax.select(_triangle_mask(m, k - 1), zeros_like(m), m)
