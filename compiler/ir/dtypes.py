"""JAX's dtype rules: canonical dtypes, weak types (Python bool, int, float and complex), and
the promotion lattice (complex included: float32 with complex64 is complex64).

With x64 off (the default) 64-bit types are stored as their 32-bit counterparts and Python
scalars are int32 / float32 / complex64; with x64 on (`set_x64(True)`, driven by the option
`jax_enable_x64`) every type is its own and Python scalars are int64 / float64 / complex128.
The mode is module state read as plain attributes (`dtypes.default_float`), so the hot paths
pay no option lookup; `set_x64` swaps it and forgets what was derived from the old mode."""

from __future__ import annotations

import functools
import os

import ml_dtypes
import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError, user_stacklevel
from meshjit.dialects.types import TOKEN_DTYPE

bool_ = np.dtype(np.bool_)
int8 = np.dtype(np.int8)
int16 = np.dtype(np.int16)
int32 = np.dtype(np.int32)
int64 = np.dtype(np.int64)
uint8 = np.dtype(np.uint8)
uint16 = np.dtype(np.uint16)
uint32 = np.dtype(np.uint32)
uint64 = np.dtype(np.uint64)
bfloat16 = np.dtype(ml_dtypes.bfloat16)
float16 = np.dtype(np.float16)
float32 = np.dtype(np.float32)
float64 = np.dtype(np.float64)
complex64 = np.dtype(np.complex64)
complex128 = np.dtype(np.complex128)
int4 = np.dtype(ml_dtypes.int4)
uint4 = np.dtype(ml_dtypes.uint4)
int2 = np.dtype(ml_dtypes.int2)
uint2 = np.dtype(ml_dtypes.uint2)
# 2- and 4-bit integers (NumPy's kind "V"): arithmetic and casts, no implicit promotion but from
# Python scalars (JAX's lattice)
NARROW_INTS = frozenset([int2, uint2, int4, uint4])
_TWO_BIT = frozenset([int2, uint2])
# ml_dtypes' 8- and 4-bit floats, in JAX's order: the same, promoted only from Python scalars
SMALL_FLOATS = tuple(
    np.dtype(getattr(ml_dtypes, name))
    for name in (
        "float4_e2m1fn",
        "float8_e3m4",
        "float8_e4m3",
        "float8_e8m0fnu",
        "float8_e4m3b11fnuz",
        "float8_e4m3fn",
        "float8_e4m3fnuz",
        "float8_e5m2",
        "float8_e5m2fnuz",
    )
)

# x64 off: 64-bit types are stored as their 32-bit counterparts.
_TO_32 = {int64: int32, uint64: uint32, float64: float32, complex128: complex64}
_SUPPORTED_32 = frozenset(
    [bool_, int8, int16, int32, uint8, uint16, uint32, bfloat16, float16, float32, complex64]
    + [*NARROW_INTS, *SMALL_FLOATS]
)
_SUPPORTED_64 = _SUPPORTED_32 | frozenset(_TO_32)
ALL = _SUPPORTED_64  # every dtype meshjit knows, in either mode

# The mode (see set_x64): replaced as a whole, so readers see one consistent state.
x64_enabled = False
_CANONICAL = dict(_TO_32)
SUPPORTED = _SUPPORTED_32
default_int, default_uint, default_float, default_complex = int32, uint32, float32, complex64

_SMALL_FLOAT_SET = frozenset(SMALL_FLOATS)
# is_float, as one set lookup
FLOATS = frozenset([bfloat16, float16, float32, float64, *SMALL_FLOATS])

# Lattice nodes: dtypes plus the three weak Python types "i*", "f*" and "c*".
_WEAK_INT, _WEAK_FLOAT, _WEAK_COMPLEX = "i*", "f*", "c*"
_EDGES = {
    bool_: [_WEAK_INT],
    _WEAK_INT: [uint8, int8, *NARROW_INTS],
    **{narrow: [] for narrow in NARROW_INTS},
    uint8: [uint16, int16],
    uint16: [uint32, int32],
    uint32: [uint64, int64],
    uint64: [_WEAK_FLOAT],
    int8: [int16],
    int16: [int32],
    int32: [int64],
    int64: [_WEAK_FLOAT],
    _WEAK_FLOAT: [*SMALL_FLOATS, bfloat16, float16, _WEAK_COMPLEX],
    **{small: [] for small in SMALL_FLOATS},
    bfloat16: [float32],
    float16: [float32],
    float32: [float64, complex64],
    float64: [complex128],
    _WEAK_COMPLEX: [complex64],
    complex64: [complex128],
    complex128: [],
}


def _upper_bounds(node):
    seen, stack = {node}, [node]
    while stack:
        for nxt in _EDGES[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


_UPPER = {node: frozenset(_upper_bounds(node)) for node in _EDGES}


def canonicalize(dtype) -> np.dtype:
    dtype = np.dtype(dtype)
    return _CANONICAL.get(dtype, dtype)


_KINDS: dict = {}  # dtype-like -> NumPy kind letter, bfloat16 as "f" (predicates are hot)
# ml_dtypes' types NumPy calls "V"
_ODD_KINDS = {bfloat16: "f", int2: "i", int4: "i", uint2: "u", uint4: "u"}
_ODD_KINDS.update(dict.fromkeys(SMALL_FLOATS, "f"))


def _kind(dtype) -> str:
    try:
        kind = _KINDS.get(dtype)
    except TypeError:  # an unhashable dtype-like
        kind = None
    if kind is None:
        d = np.dtype(dtype)
        kind = _ODD_KINDS.get(d, d.kind)
        if isinstance(dtype, (np.dtype, type, str)):
            _KINDS[dtype] = kind
    return kind


def is_float(dtype) -> bool:
    return _kind(dtype) == "f"


def is_int(dtype) -> bool:
    return _kind(dtype) in ("i", "u")


def is_unsigned(dtype) -> bool:
    return _kind(dtype) == "u"


def is_bool(dtype) -> bool:
    return _kind(dtype) == "b"


def is_complex(dtype) -> bool:
    return _kind(dtype) == "c"


def is_inexact(dtype) -> bool:
    """Floating or complex: the dtypes that have tangents."""
    return _kind(dtype) in ("f", "c")


def to_inexact(dtype) -> np.dtype:
    """JAX's to_inexact_dtype: an inexact dtype kept; other types become float32 (float64 from
    64-bit integers), but for int2 and uint2, which JAX keeps (its ops then refuse them)."""
    dtype = np.dtype(dtype)
    if is_inexact(dtype) or dtype in _TWO_BIT:
        return dtype
    return np.dtype(np.float64 if dtype.itemsize == 8 else np.float32)


def bit_width(dtype) -> int:
    """The bits of one element: 2 for int2, 4 for int4 and float4_e2m1fn (NumPy stores them in a
    byte each)."""
    dtype = np.dtype(dtype)
    return _SUB_BYTE_BITS.get(dtype, dtype.itemsize * 8)


_SUB_BYTE_BITS = {int2: 2, uint2: 2, int4: 4, uint4: 4, SMALL_FLOATS[0]: 4}  # float4_e2m1fn


def iinfo(dtype):
    """The integer limits of `dtype`, the 4-bit integers included (NumPy's iinfo refuses
    them)."""
    return ml_dtypes.iinfo(dtype)


def finfo(dtype):
    """The float limits of `dtype`, bfloat16 and the float8 types included (NumPy's finfo
    refuses them)."""
    return ml_dtypes.finfo(dtype)


_REAL_OF = {complex64: float32, complex128: float64}
_COMPLEX_OF = {float64: complex128, complex128: complex128}


def real_dtype(dtype) -> np.dtype:
    """The dtype of a complex dtype's parts (complex64 -> float32); other dtypes are kept."""
    dtype = np.dtype(dtype)
    return _REAL_OF.get(dtype, dtype)


def complex_dtype(dtype) -> np.dtype:
    """The complex dtype holding `dtype`'s values (float64 -> complex128, others complex64);
    integers take the default complex type, as in JAX."""
    dtype = np.dtype(dtype)
    if _kind(dtype) in ("i", "u", "b"):
        return default_complex
    return _COMPLEX_OF.get(dtype, complex64)


def _node(dtype, weak):
    if weak and is_int(dtype):
        return _WEAK_INT
    if weak and is_float(dtype):
        return _WEAK_FLOAT
    if weak and is_complex(dtype):
        return _WEAK_COMPLEX
    return np.dtype(dtype)


@functools.lru_cache(maxsize=None)
def _join_nodes(nodes):
    common = frozenset.intersection(*(_UPPER[n] for n in nodes))
    # The least upper bound is the common bound that is below every other common bound.
    for cand in common:
        if all(other in _UPPER[cand] for other in common):
            return cand
    return None  # the 4-bit integers with anything but Python ints


_WEAK_TYPES = {_WEAK_INT: int, _WEAK_FLOAT: float, _WEAK_COMPLEX: complex}


def _jax_nodes(nodes) -> tuple:
    """The lattice nodes as JAX names them in its errors (Python's int / float / complex for the
    weak types), in the order of JAX's: a set's, built in the operands' order (it varies from
    run to run, as the dtypes' hashes do, but is the one JAX's would have in this process)."""
    return tuple({_WEAK_TYPES.get(n, n) for n in nodes})


def _no_promotion_message(typed) -> str:
    """JAX's words (there, only the narrow integers and small floats lack a common type with
    others)."""
    nodes = _jax_nodes(_node(d, w) for d, w in typed)
    small = sorted(bit_width(n) for n in nodes if n in _SMALL_FLOAT_SET)
    which = f"{small[-1]}-bit floats" if small else "1-bit, 2-bit and 4-bit integers"
    return (
        f"Input dtypes {tuple(str(n) for n in nodes)} have no available implicit dtype "
        f"promotion path. To avoid unintended promotion, {which} do not support implicit "
        "promotion. If you'd like your inputs to be promoted to another type, you can do so "
        f"explicitly using e.g. x.astype('{'float32' if small else 'int32'}')"
    )


_RESULT_TYPES: dict = {}

# jax_numpy_dtype_promotion='strict': a Python scalar joins the types of its kind and above
# (an int any integer, float or complex type; a float any float or complex type); arrays of
# different dtypes do not join (JAX's strict lattice)
_INTS = frozenset(d for d in ALL if _kind(d) in ("i", "u"))
_INEXACT = frozenset(d for d in ALL if _kind(d) in ("f", "c"))
_COMPLEXES = frozenset(d for d in ALL if _kind(d) == "c")
_STRICT_UPPER = {
    _WEAK_COMPLEX: frozenset([_WEAK_COMPLEX, *_COMPLEXES]),
    _WEAK_FLOAT: frozenset([_WEAK_FLOAT, _WEAK_COMPLEX, *_INEXACT]),
    _WEAK_INT: frozenset([_WEAK_INT, _WEAK_FLOAT, _WEAK_COMPLEX, *_INTS, *_INEXACT]),
}


def _strict_upper(node) -> frozenset:
    return _STRICT_UPPER.get(node) or frozenset([node])


def _strict_result_type(typed) -> tuple[np.dtype, bool]:
    """JAX's join on its strict lattice (a least upper bound of the operands' types, the
    weak Python types included), or JAX's TypePromotionError naming them."""
    nodes = [_node(d, w) if w and not is_bool(d) else canonicalize(d) for d, w in typed]
    common = frozenset.intersection(*map(_strict_upper, nodes))
    least = (common & set(nodes)) or {c for c in common if common <= _strict_upper(c)}
    if len(least) != 1:
        raise TypePromotionError(
            f"Input dtypes {tuple(str(n) for n in _jax_nodes(nodes))} have no available implicit "
            "dtype promotion path when jax_numpy_dtype_promotion=strict. Try explicitly casting "
            "inputs to the desired output type, or set jax_numpy_dtype_promotion=standard."
        )
    (joined,) = least
    weak = {_WEAK_INT: default_int, _WEAK_FLOAT: default_float, _WEAK_COMPLEX: default_complex}
    return (weak[joined], True) if joined in weak else (canonicalize(joined), False)


def result_type(*typed) -> tuple[np.dtype, bool]:
    """Promotes (dtype, weak_type) pairs; returns the canonical dtype and whether it is weak."""
    result = _RESULT_TYPES.get(typed)
    if result is None:
        result = _RESULT_TYPES[typed] = _result_type(typed)
    return result


class TypePromotionError(MeshjitValueError):
    """Operands of different types under jax_numpy_dtype_promotion='strict' (JAX's name)."""


strict_promotion = False  # jax_numpy_dtype_promotion == 'strict'


def set_strict_promotion(strict: bool) -> None:
    global strict_promotion
    strict_promotion = bool(strict)
    _RESULT_TYPES.clear()


def check_not_token(dtype) -> None:
    """A token's aval (compiler/ir/tokens.py) given where an array is wanted: a clear error."""
    if dtype == TOKEN_DTYPE:
        raise MeshjitTypeError(
            "a token (Tok, from lax.create_token / after_all) is not an array: only "
            "lax.after_all, jit and loop carries take tokens"
        )


def _result_type(typed) -> tuple[np.dtype, bool]:
    for d, _ in typed:
        check_not_token(d)
    if strict_promotion:
        return _strict_result_type(typed)
    nodes = tuple(sorted({_node(d, w) for d, w in typed}, key=str))
    joined = _join_nodes(nodes)
    if joined is None:
        raise TypePromotionError(_no_promotion_message(typed))
    if joined == _WEAK_INT:
        return default_int, True
    if joined == _WEAK_FLOAT:
        return default_float, True
    if joined == _WEAK_COMPLEX:
        return default_complex, True
    return canonicalize(joined), False


def promoted(*typed) -> np.dtype:
    """The lattice join of (dtype, weak) pairs, as JAX's promote_types: one of the types named
    as it is (float32 with float64 is float64 with x64 off too), another type canonical
    (int8 with uint32 is int32)."""
    if strict_promotion:
        result_type(*typed)  # its error for types the strict mode does not join (JAX's)
    nodes = tuple(sorted({_node(d, w) for d, w in typed}, key=str))
    joined = _join_nodes(nodes)
    if joined is None or joined in (_WEAK_INT, _WEAK_FLOAT, _WEAK_COMPLEX):
        return result_type(*typed)[0]  # (its error, or a Python type's default)
    joined = np.dtype(joined)
    named = any(not weak and np.dtype(d) == joined for d, weak in typed)
    return joined if named else canonicalize(joined)


def python_scalar_dtype(value) -> np.dtype:
    if isinstance(value, (bool, np.bool_)):
        return bool_
    if isinstance(value, int):
        return default_int
    if isinstance(value, float):
        return default_float
    if isinstance(value, complex):
        return default_complex
    raise TypeError(f"not a Python scalar: {value!r}")


_DEFAULTS = {  # x64 -> the default int, uint, float and complex types
    False: (int32, uint32, float32, complex64),
    True: (int64, uint64, float64, complex128),
}


def set_x64(enabled: bool) -> None:
    """Switches the mode: canonical dtypes, the supported set, the Python scalar types. Caches
    holding results of the old mode are cleared here (this module's) and by the caller (jit's)."""
    global x64_enabled, _CANONICAL, SUPPORTED
    global default_int, default_uint, default_float, default_complex
    x64_enabled = bool(enabled)
    _CANONICAL = {} if x64_enabled else dict(_TO_32)
    SUPPORTED = _SUPPORTED_64 if x64_enabled else _SUPPORTED_32
    default_int, default_uint, default_float, default_complex = _DEFAULTS[x64_enabled]
    _RESULT_TYPES.clear()


def index_scalar(value) -> np.generic:
    """`value` as a scalar of the default int (np.int32, or np.int64 with x64): the type of the
    indices and counts JAX returns (argsort, nonzero, searchsorted)."""
    return default_int.type(value)


def long_name(dtype: np.dtype) -> str:
    """JAX's full name: `float32`, and `float0` for the tangent dtype of integers."""
    return "float0" if dtype.names == ("float0",) else dtype.name


def short_name(dtype) -> str:
    """The jaxpr / MLIR-style short name: f32, bf16, i32, u8, bool."""
    return _SHORT[np.dtype(dtype)]


_SHORT = {
    bool_: "bool",
    int8: "i8",
    int16: "i16",
    int32: "i32",
    int64: "i64",
    uint8: "u8",
    uint16: "u16",
    uint32: "u32",
    uint64: "u64",
    int2: "i2",
    uint2: "u2",
    int4: "i4",
    uint4: "u4",
    **{small: small.name.replace("float", "f", 1) for small in SMALL_FLOATS},
    bfloat16: "bf16",
    float16: "f16",
    float32: "f32",
    float64: "f64",
    complex64: "c64",
    complex128: "c128",
}
FROM_SHORT = {v: k for k, v in _SHORT.items()}


_NO_INF = frozenset(
    np.dtype(getattr(ml_dtypes, name))
    for name in ("float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2fnuz")
)


def has_inf(dtype) -> bool:
    """Whether an inexact dtype has infinities (JAX's supports_inf: four float8 types lack
    them)."""
    return np.dtype(dtype) not in _NO_INF


def lowest(dtype) -> np.ndarray:
    """The identity of max: -inf (complex: -inf + 0j; the most negative finite value of a float
    without infinities, float8_e4m3fn's), the type's minimum, or False."""
    if is_inexact(dtype):
        return np.array(-np.inf if has_inf(dtype) else -finfo(dtype).max, dtype)
    if is_bool(dtype):
        return np.array(False)
    return np.array(iinfo(dtype).min, dtype)


def highest(dtype) -> np.ndarray:
    """The identity of min: +inf (complex: inf + 0j; the largest finite value of a float
    without infinities), the type's maximum, or True."""
    if is_inexact(dtype):
        return np.array(np.inf if has_inf(dtype) else finfo(dtype).max, dtype)
    if is_bool(dtype):
        return np.array(True)
    return np.array(iinfo(dtype).max, dtype)


def _x64_from_env() -> bool:
    # Read here, not in config, so that every table built at import follows the starting mode.
    value = os.environ.get("MESHJIT_ENABLE_X64") or os.environ.get("JAX_ENABLE_X64") or ""
    return value.lower() in ("1", "y", "yes", "t", "true", "on")


if _x64_from_env():
    set_x64(True)


def not_numeric(dtype) -> bool:
    """A dtype JAX has no array type for: strings, bytes, dates, and long doubles."""
    if dtype is None or isinstance(dtype, str) and dtype in ("float128", "longdouble"):
        return dtype is not None
    if dtype in (str, bytes):
        return True
    try:
        d = np.dtype(dtype) if isinstance(dtype, (type, np.dtype, str)) else None
    except TypeError:  # a name NumPy does not know (bfloat16, a typo): checked later
        return False
    return d is not None and (d.kind in "USMm" or d.itemsize > {"f": 8, "c": 16}.get(d.kind, 99))


def check_user_dtype(dtype, fun_name: str) -> None:
    """JAX's warning for a dtype a user asks for that x64 being off truncates (int64 is int32):
    a UserWarning naming the function; Python's int, float, complex and bool ask for nothing."""
    if dtype is object or (isinstance(dtype, np.dtype) and dtype.kind == "O") or not_numeric(dtype):
        raise MeshjitTypeError(  # JAX's words
            f"JAX only supports number, bool, and string dtypes, got dtype {dtype}"
            + (f" in {fun_name}" if fun_name else "")
        )
    if dtype is None or x64_enabled:
        return
    if type(dtype) is type and dtype in (bool, int, float, complex):  # (not jnp.float64)
        return
    # A jnp scalar type (jnp.int64) asks for the dtype it was made with.
    dtype = getattr(dtype, "_requested", dtype)
    try:
        requested = np.dtype(
            dtype if isinstance(dtype, (type, str)) else getattr(dtype, "dtype", dtype)
        )
    except TypeError:
        return  # not a dtype: the function's own check names it
    truncated = canonicalize(requested)
    if truncated != requested:
        import warnings

        warnings.warn(
            f"Explicitly requested dtype {requested}"
            + (f" requested in {fun_name}" if fun_name else "")
            + " is not available, "
            f"and will be truncated to dtype {truncated}. To enable more dtypes, set the "
            "jax_enable_x64 configuration option or the JAX_ENABLE_X64 shell environment "
            "variable. See https://github.com/jax-ml/jax#current-gotchas for more.",
            UserWarning,
            stacklevel=user_stacklevel(),
        )
