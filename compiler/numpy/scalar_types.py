"""meshjit.numpy's dtype names (`jnp.float32`, `jnp.bool`, the abstract `jnp.floating`, ...), the
dtype queries (`issubdtype`, `promote_types`, `can_cast`, `isdtype`, `finfo`, `iinfo`) and the
constants (pi, e, inf, nan, newaxis)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.traceback_util import boundary_methods

__all__ = [
    "__array_api_version__",
    "__array_namespace_info__",
    "ComplexWarning",
    "bfloat16",
    "bool",
    "bool_",
    "can_cast",
    "cdouble",
    "character",
    "complex64",
    "complex128",
    "complex_",
    "complexfloating",
    "csingle",
    "double",
    "dtype",
    "e",
    "finfo",
    "flexible",
    "float_",
    "floating",
    "generic",
    "iinfo",
    "inexact",
    "int_",
    "integer",
    "isdtype",
    "issubdtype",
    "number",
    "object_",
    "promote_types",
    "signedinteger",
    "single",
    "uint",
    "uint64",
    "unsignedinteger",
    "float16",
    "float32",
    "float64",
    "float4_e2m1fn",
    "float6_e2m3fn",
    "float6_e3m2fn",
    "float8_e3m4",
    "float8_e4m3",
    "float8_e4m3b11fnuz",
    "float8_e4m3fn",
    "float8_e4m3fnuz",
    "float8_e5m2",
    "float8_e5m2fnuz",
    "float8_e8m0fnu",
    "int1",
    "int2",
    "uint1",
    "uint2",
    "inf",
    "int4",
    "int8",
    "int16",
    "int32",
    "int64",
    "nan",
    "newaxis",
    "pi",
    "uint4",
    "uint8",
    "uint16",
    "uint32",
]


@boundary_methods("__call__")
class ScalarType(type):
    """The type of `jnp.float32` & co, which are classes as in JAX (`isinstance(jnp.float32,
    type)`), usable as dtypes, and callable to make an array (never an instance of theirs: as
    JAX's, `isinstance(x, jnp.float32)` asks whether x is a NumPy float32 scalar). Its dtype
    is the one it names in every mode (`jnp.float64.dtype` is float64, as JAX's); the arrays it
    makes are canonical (`jnp.float64(1)` is float32 with x64 off, with JAX's warning)."""

    def __new__(mcs, dtype):
        dtype = np.dtype(dtype)
        namespace = {"_requested": dtype, "__module__": "meshjit.numpy"}
        return super().__new__(mcs, dtype.name, (), namespace)

    def __init__(cls, dtype):
        super().__init__(cls.__name__, (), {})

    @property
    def dtype(cls) -> np.dtype:
        return cls._requested

    @property
    def __numpy_dtype__(cls) -> np.dtype:  # NumPy 2.4's protocol, as JAX's
        return cls._requested

    def __instancecheck__(cls, instance) -> bool:
        return isinstance(instance, cls._requested.type)

    def __call__(self, x):
        dtypes.check_user_dtype(self, "asarray")  # jnp.int64(1) with x64 off: JAX's warning
        return asarray(x, dtypes.canonicalize(self.dtype))

    def __eq__(self, other):
        if isinstance(other, type) and issubclass(other, np.generic):  # np.float64, as JAX
            return self.dtype.type is other
        return self.dtype == getattr(other, "dtype", other)

    def __hash__(self):
        return hash(self.dtype.type)  # as JAX's: a key for np.float32 too

    def __repr__(self):
        # JAX's scalar types are classes named by the requested dtype (`jnp.float64` with x64
        # off still prints float64): a program prints `jnp.float32` as it does under JAX.
        return f"<class 'jax.numpy.{self._requested.name}'>"


bool_ = ScalarType(dtypes.bool_)
int4, uint4 = ScalarType(dtypes.int4), ScalarType(dtypes.uint4)
int2, uint2 = ScalarType(dtypes.int2), ScalarType(dtypes.uint2)
# ml_dtypes' small floats (float8_e4m3fn, ..., float4_e2m1fn): no implicit promotion, as in JAX
(
    float4_e2m1fn,
    float8_e3m4,
    float8_e4m3,
    float8_e8m0fnu,
    float8_e4m3b11fnuz,
    float8_e4m3fn,
    float8_e4m3fnuz,
    float8_e5m2,
    float8_e5m2fnuz,
) = (ScalarType(d) for d in dtypes.SMALL_FLOATS)
# int1 / uint1 (ml_dtypes'): dtype names only, as float6's
int1, uint1 = ScalarType(ml_dtypes.int1), ScalarType(ml_dtypes.uint1)
# float6 types: dtype names only, as in JAX 0.10.2 (XLA:CPU makes no arrays of them)
float6_e2m3fn, float6_e3m2fn = (
    ScalarType(ml_dtypes.float6_e2m3fn),
    ScalarType(ml_dtypes.float6_e3m2fn),
)
int8, int16, int32 = (ScalarType(d) for d in (dtypes.int8, dtypes.int16, dtypes.int32))
uint8, uint16, uint32 = (ScalarType(d) for d in (dtypes.uint8, dtypes.uint16, dtypes.uint32))
bfloat16, float16, float32 = (
    ScalarType(d) for d in (dtypes.bfloat16, dtypes.float16, dtypes.float32)
)
complex64 = ScalarType(dtypes.complex64)
# With x64 off these are their 32-bit counterparts (their dtype is canonicalized).
float64, int64 = ScalarType(dtypes.float64), ScalarType(dtypes.int64)
uint64, complex128 = ScalarType(dtypes.uint64), ScalarType(dtypes.complex128)
complex_, cdouble, csingle = complex128, complex128, complex64
bool = bool_  # noqa: A001 (JAX's numpy has `jnp.bool`, the NumPy 2 name)
float_, double, single, int_, uint = float64, float64, float32, int64, uint64

# The abstract scalar types are NumPy's, as in JAX (`jnp.issubdtype(x.dtype, jnp.floating)`).
generic, number, inexact, floating = np.generic, np.number, np.inexact, np.floating
integer, signedinteger, unsignedinteger = np.integer, np.signedinteger, np.unsignedinteger
complexfloating, character, flexible = np.complexfloating, np.character, np.flexible
object_ = np.object_  # JAX's name too; arrays of it are refused, as there
ComplexWarning = np.exceptions.ComplexWarning  # NumPy's, as jnp.ComplexWarning is JAX's
dtype = np.dtype


def iinfo(int_type):
    """ml_dtypes' iinfo (its repr is JAX's: iinfo(min=-128, max=127, dtype=int8)); a
    non-integer type raises its ValueError from the user's line."""
    return _limits(ml_dtypes.iinfo, int_type)


def finfo(dtype):
    """ml_dtypes' finfo (it knows bfloat16; a complex dtype's finfo is its parts', float32); a
    non-float type raises its ValueError from the user's line."""
    return _limits(ml_dtypes.finfo, dtype)


def _limits(info, dtype):
    try:
        return info(dtype)
    except ValueError as e:
        raise MeshjitValueError(str(e)) from None


def _as_dtype(x) -> np.dtype:
    try:
        if isinstance(x, type) and not isinstance(x, ScalarType):  # np.float32: a class
            return np.dtype(x)
        return np.dtype(getattr(x, "dtype", x))
    except TypeError as e:  # NumPy's words ("data type 'x' not understood"), as JAX's
        raise MeshjitTypeError(f"{e} ({x!r} is not a dtype or a scalar type)") from None


class EXTENDED_KIND(np.generic):
    """meshjit.dtypes.extended: the kind of JAX's non-NumPy dtypes (the keys'), an abstract
    scalar type under `np.generic` as JAX's."""


class PRNG_KEY_KIND(EXTENDED_KIND):
    """meshjit.dtypes.prng_key: the kind of every typed key dtype."""


EXTENDED_KIND.__name__ = EXTENDED_KIND.__qualname__ = "extended"
PRNG_KEY_KIND.__name__ = PRNG_KEY_KIND.__qualname__ = "prng_key"
EXTENDED_KIND.__module__ = PRNG_KEY_KIND.__module__ = "meshjit.dtypes"


def _key_dtype(x):
    """The typed-key dtype `x` is (`key<fry>`), else None; a key array is refused (JAX's
    ValueError: it has no NumPy dtype to take)."""
    from meshjit.compiler.random.keys import KeyDType  # a later family

    if isinstance(x, KeyDType):
        return x
    if isinstance(getattr(x, "dtype", None), KeyDType):
        raise MeshjitValueError(
            f"issubdtype takes dtypes: a {x.dtype} key array has no NumPy dtype (pass its .dtype)"
        )
    return None


def issubdtype(arg1, arg2) -> bool:
    """NumPy's `issubdtype`, with bfloat16 a `floating` type as in JAX; a typed key's dtype is
    a `dtypes.prng_key` (and `dtypes.extended`, `np.generic`), of no NumPy kind."""
    if _is_key_kind(arg1):  # a kind against a kind: prng_key is an extended is a generic
        return isinstance(arg2, type) and issubclass(arg1, arg2)
    key1, key2 = _key_dtype(arg1), _key_dtype(arg2)
    if key1 is not None or key2 is not None or _is_key_kind(arg2):
        if key1 is None:
            return False
        return _is_key_kind(arg2) or arg2 is np.generic or key1 == key2
    first = _as_dtype(arg1)
    if isinstance(arg2, type) and issubclass(arg2, np.generic) and arg2.__module__ == "numpy":
        if first in _ML_DTYPES_KINDS:
            return issubclass(_ML_DTYPES_KINDS[first], arg2)
        return np.issubdtype(first, arg2)
    return first == _as_dtype(arg2)


# ml_dtypes' types, which NumPy does not place under its abstract types
_ML_DTYPES_KINDS = {
    dtypes.bfloat16: np.floating,
    dtypes.int2: np.signedinteger,
    dtypes.int4: np.signedinteger,
    dtypes.uint2: np.unsignedinteger,
    dtypes.uint4: np.unsignedinteger,
    **dict.fromkeys(dtypes.SMALL_FLOATS, np.floating),
}


def _is_key_kind(x) -> bool:
    return isinstance(x, type) and issubclass(x, EXTENDED_KIND)


def promote_types(a, b) -> np.dtype:
    """JAX's promotion of two dtypes (its lattice, not NumPy's: int8 with uint8 gives int16);
    Python's int, float and complex are weak types, as in JAX (uint8 with int gives uint8)."""
    return dtypes.promoted(_promotion_node(a), _promotion_node(b))


def _promotion_node(t) -> tuple:
    weak = t is int or t is float or t is complex  # not `in`: jnp.int64 == int with x64
    return _as_dtype(t), weak  # the type named: JAX's promote_types does not canonicalize it


def can_cast(from_, to, casting="safe") -> bool:
    return np.can_cast(_as_dtype(from_), _as_dtype(to), casting)


_ISDTYPE_KINDS = {
    "bool": lambda d: d == dtypes.bool_,
    "signed integer": lambda d: dtypes.is_int(d) and not dtypes.is_unsigned(d),
    "unsigned integer": dtypes.is_unsigned,
    "integral": dtypes.is_int,
    "real floating": dtypes.is_float,
    "complex floating": lambda d: d.kind == "c",
    "numeric": lambda d: d != dtypes.bool_,
}


def isdtype(dtype, kind) -> bool:
    """The array API's `isdtype`: `kind` is a dtype, a kind name, or a tuple of either."""
    d = _as_dtype(dtype)
    for k in kind if isinstance(kind, tuple) else (kind,):
        if isinstance(k, str) and k in _ISDTYPE_KINDS:
            if _ISDTYPE_KINDS[k](d):
                return True
        elif d == _kind_dtype(k):
            return True
    return False


def _kind_dtype(kind) -> np.dtype:
    """isdtype's `kind` taken as a dtype, refused in JAX's words."""
    try:
        return _as_dtype(kind)
    except TypeError:
        if isinstance(kind, str):
            raise MeshjitValueError(
                f"Unrecognized {kind=} expected one of {list(_ISDTYPE_KINDS)}, or a compatible "
                "input for jnp.dtype()"
            ) from None
        raise MeshjitTypeError(
            f"Expected kind to be a dtype, string, or tuple; got {kind=}"
        ) from None


# The Python array API's metadata (jax.numpy's `__array_api_version__` and
# `__array_namespace_info__()`).
__array_api_version__ = "2024.12"
_ARRAY_API_DTYPES = ("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float32")
_ARRAY_API_DTYPES += ("complex64",)
_ARRAY_API_DTYPES_64 = ("int64", "uint64", "float64", "complex128")


class ArrayNamespaceInfo:
    """The array API's inspection object: capabilities, devices and dtypes (as JAX's)."""

    _capabilities = {
        "boolean indexing": False,  # within transformations
        "data-dependent shapes": False,  # within transformations
        "max dimensions": 64,  # XLA limitation
    }

    def capabilities(self) -> dict:
        return self._capabilities

    def default_device(self):
        return None  # uncommitted: meshjit chooses the placement

    def devices(self) -> list:
        from meshjit.compiler.runtime.client import devices  # runtime/ sits above

        return [None, *devices()]

    def default_dtypes(self, *, device=None) -> dict:
        del device
        return {
            "real floating": dtypes.default_float,
            "complex floating": dtypes.default_complex,
            "integral": dtypes.default_int,
            "indexing": dtypes.default_int,
        }

    def dtypes(self, *, device=None, kind=None) -> dict:
        del device
        names = _ARRAY_API_DTYPES + (_ARRAY_API_DTYPES_64 if dtypes.x64_enabled else ())
        kinds = ("numeric", "bool") if kind is None else kind
        kinds = kinds if isinstance(kinds, tuple) else (kinds,)
        return {n: np.dtype(n) for n in names if isdtype(np.dtype(n), kinds)}


def __array_namespace_info__() -> ArrayNamespaceInfo:
    return ArrayNamespaceInfo()


pi, e, inf, nan = 3.141592653589793, 2.718281828459045, float("inf"), float("nan")
newaxis = None
