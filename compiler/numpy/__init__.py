"""meshjit.numpy: NumPy's functions with JAX's semantics, written over meshjit.lax.

The modules, each importing only modules listed before it:
    util          operands to arrays, dtype promotion with weak types, broadcasting (helpers)
    ufuncs        making ufuncs, with the fast path for operands of one dtype
    elementwise   the core ufuncs: arithmetic, comparisons, logic, where, clip, astype
    shapes        reshapes, transposes, joining and splitting, broadcast_to
    creation      asarray, full / zeros / ones (and *_like), arange, linspace, eye, tri
    complex_parts real, imag, conj, angle, iscomplex / isreal (and *obj)
    math          further ufuncs: inverse and hyperbolic trig, NaN tests, hypot, sinc, ...
    reductions    sum, max, mean, var, argmax, average, allclose, ...
    cumulative    cumsum, cumprod, cumulative_sum / _prod, diff
    index_plan    a NumPy index, parsed, and the gather / scatter plan for it (helpers)
    indexing      x[idx], x.at[idx], take, take_along_axis
    rearranging   pad, roll, tile, repeat, flips, rot90
    diagonals     diagonal, diag, trace
    products      matmul, dot, inner, outer, tensordot, kron, cross
    sorting       sort, argsort, searchsorted, nonzero, unique, interp
    statistics    nan-reductions, quantile, percentile, median
    contractions  einsum, einsum_path
    scalar_types  jnp.float32 and the other dtype names, dtype queries, pi, e, inf, nan, newaxis
    index_tricks  indices, ix_, mgrid / ogrid, r_ / c_, triangle indices, (un)ravel indices
    routines      the array API's names, append / delete / array_split, bincount, histogram,
                  convolve / correlate, cov, polynomials, gcd / lcm, frexp / modf, ...
    linalg        jnp.linalg: factorizations, det / inv / solve, norms (over lax.linalg)
    polynomials   poly, polydiv, polyfit, roots (over routines and linalg)
    histograms    histogramdd, histogram2d
    bits          packbits, unpackbits
    bessel_window i0 and the Kaiser window
    fft           jnp.fft: the discrete Fourier transforms (over lax.fft), frequencies, shifts
    array_methods the operators and methods of arrays (`x + y`, `x.sum()`, `x[i]`, `x.at`)

Importing the package registers the array methods on the array types (Tracer, Array).
"""

from meshjit.compiler.api_util import name_functions
from meshjit.compiler.numpy import (
    bessel_window,
    bits,
    fft,  # noqa: F401 (meshjit.numpy.fft)
    histograms,
    index_tricks,
    linalg,  # noqa: F401 (meshjit.numpy.linalg)
    polynomials,
    routines,
    scalar_types,
    statistics,
)
from meshjit.compiler.numpy.array_methods import METHODS
from meshjit.compiler.numpy.bessel_window import *  # noqa: F403 (listed there)
from meshjit.compiler.numpy.bits import *  # noqa: F403 (listed there)
from meshjit.compiler.numpy.complex_parts import (
    angle,
    conj,
    conjugate,
    imag,
    iscomplex,
    iscomplexobj,
    isreal,
    isrealobj,
    real,
)
from meshjit.compiler.numpy.contractions import einsum, einsum_path
from meshjit.compiler.numpy.creation import (
    arange,
    array,
    asarray,
    copy,
    empty,
    empty_like,
    eye,
    from_dlpack,
    full,
    full_like,
    identity,
    linspace,
    ones,
    ones_like,
    tri,
    tril,
    triu,
    zeros,
    zeros_like,
)
from meshjit.compiler.numpy.cumulative import cumprod, cumsum, cumulative_prod, cumulative_sum, diff
from meshjit.compiler.numpy.diagonals import diag, diagonal, trace
from meshjit.compiler.numpy.elementwise import (
    abs,
    absolute,
    arctan2,
    astype,
    bitwise_not,
    cbrt,
    ceil,
    clip,
    cos,
    divide,
    divmod,
    equal,
    exp,
    expm1,
    floor,
    floor_divide,
    greater,
    greater_equal,
    invert,
    isfinite,
    less,
    less_equal,
    log,
    log1p,
    logical_not,
    mod,
    not_equal,
    positive,
    power,
    reciprocal,
    remainder,
    round,
    sign,
    sin,
    sqrt,
    square,
    tan,
    tanh,
    true_divide,
    where,
)
from meshjit.compiler.numpy.histograms import *  # noqa: F403 (listed there)
from meshjit.compiler.numpy.index_tricks import *  # noqa: F403 (index helpers, listed there)
from meshjit.compiler.numpy.indexing import take, take_along_axis
from meshjit.compiler.numpy.math import (
    arccos,
    arccosh,
    arcsin,
    arcsinh,
    arctan,
    arctanh,
    around,
    cosh,
    deg2rad,
    degrees,
    exp2,
    fabs,
    float_power,
    fmax,
    fmin,
    fmod,
    heaviside,
    hypot,
    isclose,
    isinf,
    isnan,
    isneginf,
    isposinf,
    log2,
    log10,
    nan_to_num,
    rad2deg,
    radians,
    rint,
    signbit,
    sinc,
    sinh,
    trunc,
)
from meshjit.compiler.numpy.polynomials import *  # noqa: F403 (listed there)
from meshjit.compiler.numpy.products import cross, dot, inner, kron, matmul, outer, tensordot, vdot
from meshjit.compiler.numpy.rearranging import flip, fliplr, flipud, pad, repeat, roll, rot90, tile
from meshjit.compiler.numpy.reductions import (
    all,
    allclose,
    amax,
    amin,
    any,
    argmax,
    argmin,
    array_equal,
    average,
    count_nonzero,
    max,
    mean,
    min,
    prod,
    ptp,
    std,
    sum,
    var,
)
from meshjit.compiler.numpy.routines import *  # noqa: F403 (routines, listed there)
from meshjit.compiler.numpy.scalar_types import *  # noqa: F403 (the dtype names, listed there)
from meshjit.compiler.numpy.shapes import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    column_stack,
    concatenate,
    dsplit,
    dstack,
    expand_dims,
    hsplit,
    hstack,
    meshgrid,
    moveaxis,
    ndim,
    permute_dims,
    ravel,
    reshape,
    shape,
    size,
    split,
    squeeze,
    stack,
    swapaxes,
    transpose,
    vsplit,
    vstack,
)
from meshjit.compiler.numpy.sorting import (
    argsort,
    argwhere,
    flatnonzero,
    interp,
    nonzero,
    searchsorted,
    sort,
    sort_complex,
    unique,
)
from meshjit.compiler.numpy.statistics import *  # noqa: F403 (listed there)
from meshjit.compiler.numpy.ufunc_api import (  # after routines' logaddexp2: these replace it
    add,
    bitwise_and,
    bitwise_or,
    bitwise_xor,
    frompyfunc,
    logaddexp,
    logaddexp2,  # noqa: F401 (listed in routines.__all__)
    logical_and,
    logical_or,
    logical_xor,
    maximum,
    minimum,
    multiply,
    negative,
    subtract,
    ufunc,
)
from meshjit.compiler.numpy.util import converting_jax_arrays, refusing_jax_arrays
from meshjit.compiler.numpy.util import public_result_type as result_type
from meshjit.compiler.trace.array_methods import register_array_methods

__all__ = [
    "abs",
    "absolute",
    "add",
    "all",
    "allclose",
    "amax",
    "amin",
    "any",
    "arange",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctan2",
    "arctanh",
    "argmax",
    "argmin",
    "argsort",
    "argwhere",
    "around",
    "array",
    "array_equal",
    "asarray",
    "astype",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "average",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "broadcast_arrays",
    "broadcast_shapes",
    "broadcast_to",
    "cbrt",
    "ceil",
    "clip",
    "column_stack",
    "concatenate",
    "angle",
    "conj",
    "imag",
    "iscomplex",
    "iscomplexobj",
    "isreal",
    "isrealobj",
    "real",
    "conjugate",
    "copy",
    "cos",
    "cosh",
    "count_nonzero",
    "cross",
    "cumprod",
    "cumsum",
    "cumulative_prod",
    "cumulative_sum",
    "deg2rad",
    "degrees",
    "diag",
    "diagonal",
    "diff",
    "divide",
    "dot",
    "dsplit",
    "dstack",
    "einsum",
    "einsum_path",
    "frompyfunc",
    "ufunc",
    "empty",
    "empty_like",
    "equal",
    "exp",
    "exp2",
    "expand_dims",
    "expm1",
    "eye",
    "from_dlpack",
    "fabs",
    "flatnonzero",
    "flip",
    "fliplr",
    "flipud",
    "float_power",
    "floor",
    "divmod",
    "floor_divide",
    "fmax",
    "fmin",
    "fmod",
    "full",
    "full_like",
    "greater",
    "greater_equal",
    "heaviside",
    "hsplit",
    "hstack",
    "hypot",
    "identity",
    "inner",
    "interp",
    "invert",
    "isclose",
    "isfinite",
    "isinf",
    "isnan",
    "isneginf",
    "isposinf",
    "kron",
    "less",
    "less_equal",
    "linspace",
    "log",
    "log10",
    "log1p",
    "log2",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "matmul",
    "max",
    "maximum",
    "mean",
    "meshgrid",
    "min",
    "minimum",
    "mod",
    "moveaxis",
    "multiply",
    "nan_to_num",
    "ndim",
    "negative",
    "nonzero",
    "not_equal",
    "ones",
    "ones_like",
    "outer",
    "pad",
    "permute_dims",
    "positive",
    "power",
    "prod",
    "ptp",
    "rad2deg",
    "radians",
    "ravel",
    "reciprocal",
    "remainder",
    "repeat",
    "reshape",
    "result_type",
    "rint",
    "roll",
    "rot90",
    "round",
    "searchsorted",
    "shape",
    "sign",
    "signbit",
    "sin",
    "sinc",
    "sinh",
    "size",
    "sort",
    "sort_complex",
    "split",
    "sqrt",
    "square",
    "squeeze",
    "stack",
    "std",
    "subtract",
    "sum",
    "swapaxes",
    "take",
    "take_along_axis",
    "tan",
    "tanh",
    "tensordot",
    "tile",
    "trace",
    "transpose",
    "tri",
    "tril",
    "triu",
    "true_divide",
    "trunc",
    "unique",
    "var",
    "vdot",
    "vsplit",
    "vstack",
    "where",
    "zeros",
    "zeros_like",
]
__all__ += scalar_types.__all__ + index_tricks.__all__ + routines.__all__ + statistics.__all__
__all__ += bits.__all__ + histograms.__all__ + bessel_window.__all__ + polynomials.__all__

register_array_methods(METHODS)
# The functions JAX 0.10.2 gives `ensure_arraylike` before its jit: they take objects of the
# `__jax_array__` protocol (its jitted functions refuse them), and those of its sequences.
_CONVERT_JAX_ARRAYS = (
    "argmax argmin argwhere broadcast_arrays compress cumulative_prod cumulative_sum diag "
    "diag_indices_from flip fliplr flipud intersect1d iscomplexobj isin isneginf isposinf "
    "isrealobj matrix_transpose meshgrid nanargmax nanargmin ndim nonzero polydiv polymul pow "
    "power ptp roll setxor1d shape size squeeze std transpose tril_indices_from "
    "triu_indices_from trim_zeros unique unique_all unique_counts unique_inverse unique_values "
    "var vecdot array_split astype broadcast_to einsum expand_dims fill_diagonal moveaxis pad "
    "repeat reshape split tensordot tile"
).split()
_CONVERT_JAX_ARRAYS_IN_SEQUENCES = "column_stack concat concatenate dstack stack".split()
globals().update({n: converting_jax_arrays(globals()[n]) for n in _CONVERT_JAX_ARRAYS})
globals().update(
    {n: converting_jax_arrays(globals()[n], True) for n in _CONVERT_JAX_ARRAYS_IN_SEQUENCES}
)
# Those meshjit converts on its way, where JAX's jit sees the object first (and refuses it).
_REFUSE_JAX_ARRAYS = "argpartition digitize i0 partition unstack".split()
globals().update({n: refusing_jax_arrays(globals()[n]) for n in _REFUSE_JAX_ARRAYS})
globals().update({n: refusing_jax_arrays(globals()[n], True) for n in ("block", "lexsort")})
name_functions(globals(), __all__)
