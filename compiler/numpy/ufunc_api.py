"""jnp.ufunc and frompyfunc: NumPy's ufunc objects, as JAX has them.

A ufunc calls its function, and has `reduce`, `accumulate`, `at`, `reduceat` and `outer`.
The fifteen of jax.numpy (`add`, `multiply`, `maximum`, `logaddexp`, ...) use the matching
reduction (`sum`, `max`, a bitwise reduce, logsumexp, ...); any other binary ufunc (`subtract`,
or one made by `frompyfunc`) reduces and accumulates with a loop, as JAX's do. The operators on
arrays call the plain functions (elementwise.py), not these objects.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy import cumulative, elementwise, math, reductions, routines
from meshjit.compiler.numpy.util import aval_of, materialize, refusing_jax_arrays
from meshjit.compiler.numpy.util import static_axis as canonicalize_axis
from meshjit.compiler.traceback_util import boundary_methods, filter_exception, own_boundary

__all__ = ["frompyfunc", "ufunc"]


# JAX's binary functions name their operands x and y, these x1 and x2.
_X_Y, _X1_X2 = ("x", "y"), ("x1", "x2")
_X1_X2_NAMES = frozenset(
    "arctan2 right_shift bitwise_right_shift copysign true_divide divide floor_divide power "
    "logaddexp logaddexp2 ldexp remainder mod fmod heaviside hypot".split()
)


@boundary_methods("reduce", "accumulate", "at", "reduceat", "outer")
class ufunc:
    """A function of `nin` arrays to `nout` arrays, broadcasting, with NumPy's ufunc methods."""

    def __init__(
        self,
        func: Callable,
        /,
        nin: int,
        nout: int,
        *,
        name: str | None = None,
        nargs: int | None = None,
        identity: Any = None,
        call: Callable | None = None,
        reduce: Callable | None = None,
        accumulate: Callable | None = None,
        at: Callable | None = None,
        reduceat: Callable | None = None,
    ):
        self.__doc__ = func.__doc__
        self.__name__ = name or func.__name__
        self._func = func
        self._props = (operator.index(nin), operator.index(nout), operator.index(nargs or nin))
        self._identity = identity
        self._call = call  # read on every call: an attribute
        if "<locals>" in getattr(call, "__qualname__", ""):  # a factory's `def fn`, named as
            call.__qualname__ = self.__name__  # Python's errors for its arguments name it
        self._impls = {
            "reduce": reduce,
            "accumulate": accumulate,
            "at": at,
            "reduceat": reduceat,
        }

    nin = property(lambda self: self._props[0])
    nout = property(lambda self: self._props[1])
    nargs = property(lambda self: self._props[2])
    identity = property(lambda self: self._identity)

    def _key(self):
        return (self._func, self.__name__, self._identity, self._props)

    def __hash__(self) -> int:
        return hash(self._key())

    def __eq__(self, other) -> bool:
        return isinstance(other, ufunc) and self._key() == other._key()

    def __repr__(self) -> str:
        return f"<jnp.ufunc '{self.__name__}'>"

    @own_boundary  # `jnp.maximum(x, 0)` is hot: no wrapper's frame
    def __call__(self, *args, out=None, where=None):
        try:
            if len(args) < self._props[0] and self._call is not None:
                self._missing_operands(len(args))
            if out is None and where is None and self._call is not None:
                return self._call(*args)
            return self._call_general(args, out, where)
        except Exception as e:
            filter_exception(e)
            raise

    def _missing_operands(self, given: int):
        """Python's TypeError for a call short of operands, naming JAX's parameters."""
        names = _X1_X2 if self.__name__ in _X1_X2_NAMES else _X_Y
        if self.nin != 2:
            names = tuple(f"x{i + 1}" for i in range(self.nin))
        missing = [f"'{n}'" for n in names[given:]]
        listed = " and ".join(missing) if len(missing) < 3 else ", ".join(missing)
        plural = "s" if len(missing) > 1 else ""
        raise MeshjitTypeError(
            f"{self.__name__}() missing {len(missing)} required positional argument{plural}: "
            f"{listed}"
        )

    def _call_general(self, args, out, where):
        if out is not None:
            raise MeshjitNotImplementedError(f"out argument of {self}")
        if where is not None:
            raise MeshjitNotImplementedError(f"where argument of {self}")
        from meshjit.compiler.batching.vectorize import vectorize  # batching/ sits above numpy/

        return vectorize(self._func)(*args)

    def _binary(self, method: str):
        if self.nin != 2:
            raise MeshjitValueError(f"{method} only supported for binary ufuncs")
        if self.nout != 1:
            raise MeshjitValueError(
                f"{method} only supported for functions returning a single value"
            )

    def reduce(self, a, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=None):
        """The reduction along `axis` (default 0; None: all axes) made from this binary ufunc."""
        self._binary("reduce")
        if out is not None:
            raise MeshjitNotImplementedError(f"out argument of {self.__name__}.reduce()")
        if initial is None and self._identity is None and where is not None:
            raise MeshjitValueError(
                f"reduction operation {self.__name__!r} does not have an identity, so to use a "
                "where mask one has to specify 'initial'."
            )
        if where is not None and not dtypes.is_bool(aval_of(materialize(where)).dtype):
            raise MeshjitValueError(
                f"where argument must have dtype=bool; got dtype={aval_of(where).dtype}"
            )
        impl = self._impls["reduce"] or self._reduce_via_loop
        return impl(a, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where)

    def _reduce_via_loop(self, a, axis=0, dtype=None, keepdims=False, initial=None, where=None):
        from meshjit.compiler import numpy as jnp
        from meshjit.compiler.lax.control_flow import fori_loop

        arr = materialize(a)
        aval = aval_of(arr)
        if initial is None and self._identity is not None:
            initial = self._identity
        dtype = dtype or jnp.result_type(self._func(_one(arr), _one(arr)))
        if where is not None:
            where = jnp.broadcast_to(where, aval.shape)
        if isinstance(axis, tuple):
            axis = axis[0] if len(axis) == 1 else _no_tuple_axis(self, axis)
        if axis is None:
            final_shape = (1,) * aval.ndim if keepdims else ()
            arr = arr.ravel()
            where = None if where is None else where.ravel()
        else:
            axis = canonicalize_axis(axis, aval.ndim)
            final_shape = aval.shape[:axis] + ((1,) if keepdims else ()) + aval.shape[axis + 1 :]
            arr = jnp.moveaxis(arr, axis, 0)
            where = None if where is None else jnp.moveaxis(where, axis, 0)
        if aval_of(arr).shape[0] == 0 and initial is None:
            raise MeshjitValueError(
                f"zero-size array to reduction operation {self.__name__} which has no identity"
            )

        def body(i, val):
            step = self(val, arr[i].astype(dtype))
            return step if where is None else jnp.where(where[i], step, val)

        start_index, start = (1, arr[0]) if initial is None else (0, initial)
        start = jnp.broadcast_to(jnp.asarray(start).astype(dtype), aval_of(arr).shape[1:])
        result = fori_loop(start_index, aval_of(arr).shape[0], body, start)
        return result.reshape(final_shape) if keepdims else result

    def accumulate(self, a, axis=0, dtype=None, out=None):
        """The running reduction along `axis` made from this binary ufunc."""
        self._binary("accumulate")
        if out is not None:
            raise MeshjitNotImplementedError(f"out argument of {self.__name__}.accumulate()")
        impl = self._impls["accumulate"] or self._accumulate_via_scan
        return impl(a, axis=axis, dtype=dtype)

    def _accumulate_via_scan(self, a, axis=0, dtype=None):
        from meshjit.compiler import numpy as jnp
        from meshjit.compiler.lax.control_flow import scan

        arr = materialize(a)
        dtype = dtype or jnp.result_type(self._func(_one(arr), _one(arr)))
        if axis is None or isinstance(axis, tuple):
            raise MeshjitValueError("accumulate does not allow multiple axes")
        axis = canonicalize_axis(axis, aval_of(arr).ndim)
        if aval_of(arr).size == 0:
            return arr.astype(dtype)
        arr = jnp.moveaxis(arr, axis, 0)

        def step(carry, _):
            i, x = carry
            y = jnp.where(i == 0, arr[0].astype(dtype), self(x.astype(dtype), arr[i].astype(dtype)))
            return (i + 1, y), y

        _, result = scan(step, (0, arr[0].astype(dtype)), None, length=aval_of(arr).shape[0])
        return jnp.moveaxis(result, 0, axis)

    @refusing_jax_arrays  # (JAX's at, reduceat and outer are jitted: theirs refuses one)
    def at(self, a, indices, b=None, /, *, inplace=True):
        """`a` with this ufunc applied at `indices` (with `b`): a new array (inplace=False)."""
        if inplace:
            raise MeshjitNotImplementedError(  # JAX's words
                "Because JAX arrays are immutable, jnp.ufunc.at() cannot operate inplace like\n"
                "np.ufunc.at(). Instead, you can pass inplace=False and capture the result; "
                "e.g.\n>>> arr = jnp.add.at(arr, ind, val, inplace=False)"
            )
        impl = self._impls["at"] or self._at_via_scan
        return impl(a, indices) if b is None else impl(a, indices, b)

    def _at_via_scan(self, a, indices, *args):
        from meshjit.compiler import numpy as jnp
        from meshjit.compiler.jit.api import eval_shape
        from meshjit.compiler.lax.control_flow import scan

        dtype = eval_shape(self._func, _one(a), *(_one(x) for x in args)).dtype
        a = jnp.asarray(a).astype(dtype)
        args = tuple(jnp.asarray(x).astype(dtype) for x in args)
        indices = indices if isinstance(indices, tuple) else (indices,)
        if not indices:
            return a
        shapes = [np.shape(i) for i in indices if not isinstance(i, slice)]
        shape = jnp.broadcast_shapes(*shapes) if shapes else ()
        if not shape:
            return a.at[indices].set(self(a.at[indices].get(), *args))
        if args:
            arg = args[0]
            idx = tuple(i if isinstance(i, slice) else 0 for i in indices)
            args = (jnp.broadcast_to(arg, (*shape, *a[idx].shape)).reshape(-1, *a[idx].shape),)
        flat = [i if isinstance(i, slice) else jnp.broadcast_to(i, shape).ravel() for i in indices]
        length = aval_of(next(i for i in flat if not isinstance(i, slice))).shape[0]

        def step(carry, _):
            i, x = carry
            idx = tuple(ix if isinstance(ix, slice) else ix[i] for ix in flat)
            rest = [arg[i] for arg in args]
            return (i + 1, x.at[idx].set(self(x.at[idx].get(), *rest))), None

        (_, result), _ = scan(step, (0, a), None, length)
        return result

    @refusing_jax_arrays
    def reduceat(self, a, indices, axis=0, dtype=None, out=None):
        """Reductions of `a` between consecutive `indices` along `axis`."""
        self._binary("reduceat")
        if out is not None:
            raise MeshjitNotImplementedError(f"out argument of {self.__name__}.reduceat()")
        impl = self._impls["reduceat"] or self._reduceat_via_loop
        return impl(a, indices, axis=axis, dtype=dtype)

    def _reduceat_via_loop(self, a, indices, axis=0, dtype=None):
        from meshjit.compiler import numpy as jnp
        from meshjit.compiler.lax.control_flow import fori_loop

        a, indices = jnp.asarray(a), jnp.asarray(indices)
        if a.ndim == 0:
            raise MeshjitValueError(f"reduceat: a must have 1 or more dimension, got {a.shape=}")
        if indices.ndim != 1:
            raise MeshjitValueError(
                f"reduceat: indices must be one-dimensional, got {indices.shape=}"
            )
        if dtype is None:
            dtype = a.dtype
        if axis is None or isinstance(axis, (tuple, list)):
            raise MeshjitValueError("reduceat requires a single integer axis.")
        axis = canonicalize_axis(axis, a.ndim)
        out = jnp.take(a, indices, axis=axis)
        others = [d for d in range(out.ndim) if d != axis]
        ind = jnp.expand_dims(jnp.append(indices, a.shape[axis]), others)
        start = lax.slice_in_dim(ind, 0, ind.shape[axis] - 1, axis=axis)
        end = lax.slice_in_dim(ind, 1, ind.shape[axis], axis=axis)

        def body(i, out):
            inside = (start < i) & (i < end)
            return jnp.where(
                inside, self(out, jnp.take(a, jnp.expand_dims(i, (0,)), axis=axis)), out
            )

        return fori_loop(0, a.shape[axis], body, out)

    @refusing_jax_arrays
    def outer(self, A, B, /):
        """This ufunc of every pair of elements of `A` and `B`: shape A.shape + B.shape."""
        self._binary("outer")
        from meshjit.compiler import numpy as jnp
        from meshjit.compiler.batching.api import vmap

        A, B = jnp.asarray(A), jnp.asarray(B)
        result = vmap(vmap(self, (None, 0)), (0, None))(A.ravel(), B.ravel())
        return result.reshape(*A.shape, *B.shape)


def _no_tuple_axis(uf, axis):
    raise MeshjitNotImplementedError(
        f"reduction over several axes ({axis}) is not supported for {uf.__name__}.reduce"
    )


def _one(x):
    from meshjit.compiler import numpy as jnp

    return jnp.ones((), dtype=aval_of(materialize(x)).dtype)


def frompyfunc(func: Callable, /, nin: int, nout: int, *, identity=None) -> ufunc:
    """A ufunc from a scalar function of `nin` arguments returning `nout` values."""
    return ufunc(func, nin, nout, identity=identity)


# ---------------------------------------------------------------------------------------------
# Reductions the ufuncs use that jax.numpy does not expose: bitwise and logical ones, and
# logsumexp, written as JAX's.


def _reduction(a, name, op, init, *, preproc=None, axis=None, dtype=None, keepdims=False,
               initial=None, where=None, has_identity=True):  # fmt: skip
    from meshjit.compiler import numpy as jnp

    a = preproc(materialize(a)) if preproc else materialize(a)
    aval = aval_of(a)
    axes = (
        tuple(range(aval.ndim))
        if axis is None
        else tuple(
            canonicalize_axis(d, aval.ndim) for d in (axis if isinstance(axis, tuple) else (axis,))
        )
    )
    if initial is None and not has_identity:
        if where is not None:
            raise MeshjitValueError(
                f"reduction operation {name} does not have an identity, so to use a where mask "
                "one has to specify 'initial'"
            )
        if any(aval.shape[d] == 0 for d in axes):
            raise MeshjitValueError(
                f"zero-size array to reduction operation {name} which has no identity"
            )
    result_dtype = aval.dtype if dtype is None else dtypes.canonicalize(dtype)
    a = lax.convert_element_type(a, result_dtype)
    init = init(result_dtype) if callable(init) else np.array(init).astype(result_dtype)
    if where is not None:
        a = jnp.where(where, a, init)
    result = lax.reduce(a, init, op, axes)
    if initial is not None:
        result = op(lax.convert_element_type(jnp.asarray(initial), result_dtype), result)
    if keepdims:
        result = lax.expand_dims(result, axes)
    return result


def _require_integer(a):
    dtype = aval_of(a).dtype
    if dtypes.is_inexact(dtype):
        raise MeshjitValueError(f"This operation requires integer or boolean inputs, got {dtype}")
    return a


def _to_bool(a):
    return a if dtypes.is_bool(aval_of(a).dtype) else lax.ne(a, np.array(0, aval_of(a).dtype))


def _bitwise_reduce(name, op, init_of):
    def reduce(a, axis=None, dtype=None, keepdims=False, initial=None, where=None):
        a = materialize(a)
        init = init_of(np.dtype(dtype or aval_of(a).dtype))
        return _reduction(a, name, op, init, preproc=_require_integer, axis=axis, dtype=dtype,
                          keepdims=keepdims, initial=initial, where=where)  # fmt: skip

    return reduce


def _logical_reduce(name, op, init):
    def reduce(a, axis=None, dtype=None, keepdims=False, initial=None, where=None):
        return _reduction(a, name, op, init, preproc=_to_bool, axis=axis, dtype=dtype,
                          keepdims=keepdims, initial=initial, where=where)  # fmt: skip

    return reduce


def _extremum_reduce(name, op):
    def reduce(a, axis=None, dtype=None, keepdims=False, initial=None, where=None):
        init = dtypes.lowest if op is lax.max else dtypes.highest
        return _reduction(a, name, op, init, axis=axis,
                          dtype=dtype, keepdims=keepdims, initial=initial, where=where,
                          has_identity=False)  # fmt: skip

    return reduce


def _logsumexp(a, axis=None, dtype=None, keepdims=False, initial=None, where=None):
    from meshjit.compiler import numpy as jnp

    a = materialize(a)
    if not dtypes.is_inexact(aval_of(a).dtype):
        a = a.astype(dtypes.result_type((aval_of(a).dtype, False), (dtypes.float32, True))[0])
    aval = aval_of(a)
    dims = (
        tuple(range(aval.ndim))
        if axis is None
        else tuple(
            canonicalize_axis(d, aval.ndim) for d in (axis if isinstance(axis, tuple) else (axis,))
        )
    )
    amax = jnp.max(jnp.real(a), axis=dims, keepdims=keepdims, where=where, initial=-np.inf)
    amax = lax.stop_gradient(lax.select(lax.is_finite(amax), amax, lax.full_like(amax, 0)))
    amax_with_dims = amax if keepdims else lax.expand_dims(amax, dims)
    exp_a = lax.exp(lax.sub(a, amax_with_dims.astype(aval.dtype)))
    sumexp = jnp.sum(exp_a, axis=dims, keepdims=keepdims, where=where)
    result = lax.add(lax.log(sumexp), amax.astype(aval_of(sumexp).dtype))
    return result if initial is None else math.logaddexp(initial, result)


def _logsumexp2(a, axis=None, dtype=None, keepdims=False, initial=None, where=None):
    ln2 = float(np.log(2))
    if initial is not None:
        initial *= ln2
    scaled = elementwise.multiply(a, ln2)
    return elementwise.divide(_logsumexp(scaled, axis, dtype, keepdims, initial, where), ln2)


# ---------------------------------------------------------------------------------------------
# jax.numpy's ufuncs.


def _at_with(method: str, bool_too: bool):
    """add.at / multiply.at / subtract.at: the `.at[]` update (booleans counted as int32)."""

    def at(a, indices, b):
        from meshjit.compiler import numpy as jnp

        a = jnp.asarray(a)
        if bool_too and dtypes.is_bool(a.dtype):
            b = jnp.asarray(b).astype(bool).astype(np.int32)
            return getattr(a.astype(np.int32).at[indices], method)(b).astype(bool)
        return getattr(a.at[indices], method)(b)

    return at


def _binary_ufunc(func, name, identity, **methods) -> ufunc:
    return ufunc(func, 2, 1, name=name, call=func, identity=identity, **methods)


negative = ufunc(elementwise.negative, 1, 1, name="negative", call=elementwise.negative)
add = _binary_ufunc(elementwise.add, "add", 0, reduce=reductions.sum,
                    accumulate=cumulative.cumsum, at=_at_with("add", True))  # fmt: skip
multiply = _binary_ufunc(elementwise.multiply, "multiply", 1, reduce=reductions.prod,
                         accumulate=cumulative.cumprod, at=_at_with("multiply", True))  # fmt: skip
subtract = _binary_ufunc(elementwise.subtract, "subtract", None, at=_at_with("subtract", False))
bitwise_and = _binary_ufunc(elementwise.bitwise_and, "bitwise_and", -1,
                            reduce=_bitwise_reduce("reduce_bitwise_and", lax.bitwise_and,
                                                   lambda d: np.array(-1).astype(d)))  # fmt: skip
bitwise_or = _binary_ufunc(elementwise.bitwise_or, "bitwise_or", 0,
                           reduce=_bitwise_reduce("reduce_bitwise_or", lax.bitwise_or,
                                                  lambda d: 0))  # fmt: skip
bitwise_xor = _binary_ufunc(elementwise.bitwise_xor, "bitwise_xor", 0,
                            reduce=_bitwise_reduce("reduce_bitwise_xor", lax.bitwise_xor,
                                                   lambda d: 0))  # fmt: skip
minimum = _binary_ufunc(elementwise.minimum, "minimum", None,
                        reduce=_extremum_reduce("min", lax.min))  # fmt: skip
maximum = _binary_ufunc(elementwise.maximum, "maximum", None,
                        reduce=_extremum_reduce("max", lax.max))  # fmt: skip
logical_and = _binary_ufunc(elementwise.logical_and, "logical_and", True,
                            reduce=_logical_reduce("reduce_logical_and", lax.bitwise_and, True))  # fmt: skip
logical_or = _binary_ufunc(elementwise.logical_or, "logical_or", False,
                           reduce=_logical_reduce("reduce_logical_or", lax.bitwise_or, False))  # fmt: skip
logical_xor = _binary_ufunc(elementwise.logical_xor, "logical_xor", False,
                            reduce=_logical_reduce("reduce_logical_xor", lax.bitwise_xor, False))  # fmt: skip
logaddexp = _binary_ufunc(math.logaddexp, "logaddexp", -np.inf, reduce=_logsumexp)
logaddexp2 = _binary_ufunc(routines.logaddexp2, "logaddexp2", -np.inf, reduce=_logsumexp2)

UFUNCS = (negative, add, multiply, subtract, bitwise_and, bitwise_or, bitwise_xor, minimum,
          maximum, logical_and, logical_or, logical_xor, logaddexp, logaddexp2)  # fmt: skip
