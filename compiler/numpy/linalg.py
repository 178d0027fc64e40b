"""meshjit.numpy.linalg: JAX's jnp.linalg for real matrices, over meshjit.lax.linalg.

Integer and bool inputs are promoted to the default float, float32 or float64 with x64 (JAX's
`promote_dtypes_inexact`), every function takes leading batch dimensions, and the derivatives
are those of the lax.linalg primitives, except where JAX defines custom rules: det and slogdet
are JAX's custom_jvp functions (det's derivative a cofactor solve, finite at singular matrices),
pinv's derivative is Golub and Pereyra's.
"""

from __future__ import annotations

import builtins
import functools
import math
import operator
from typing import NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import linalg as lax_linalg
from meshjit.compiler.numpy import (
    complex_parts,
    contractions,
    creation,
    cumulative,
    diagonals,
    elementwise,
    products,
    rearranging,
    reductions,
    routines,
    shapes,
)
from meshjit.compiler.numpy import math as jmath
from meshjit.compiler.numpy.indexing import take_along_axis
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_shapes,
    jitted,
    jitted_as_jax,
    promote_inexact,
    refusing_jax_arrays,
    static_axis,
)

__all__ = [
    "EigResult",
    "EighResult",
    "QRResult",
    "SVDResult",
    "SlogdetResult",
    "cholesky",
    "cond",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "lstsq",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "multi_dot",
    "norm",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "tensorinv",
    "tensorsolve",
    "trace",
    "vecdot",
    "vector_norm",
]


class EighResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class EigResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class QRResult(NamedTuple):
    Q: object
    R: object


class SlogdetResult(NamedTuple):
    sign: object
    logabsdet: object


class SVDResult(NamedTuple):
    U: object
    S: object
    Vh: object


# ---------------------------------------------------------------------------------------------
# Operands.


def _arrays(name: str, *xs):
    """The operands as arrays (lists are refused, as JAX's ensure_arraylike does)."""
    for i, x in enumerate(xs):
        if isinstance(x, (list, tuple)):
            raise MeshjitTypeError(
                f"{name} requires ndarray or scalar arguments, got {type(x)} at position {i}."
            )
    return [creation.asarray(x) for x in xs]


def _inexact(name: str, *xs):
    return promote_inexact(*_arrays(name, *xs))


def _shape(x):
    return aval_of(x).shape


def _square(name: str, x, what: str | None = None):
    shape = _shape(x)
    if len(shape) < 2 or shape[-1] != shape[-2]:
        what = what or f"Argument to {name}"
        raise MeshjitValueError(f"{what} must have shape [..., n, n], got {shape}")


def _at_least_2d(name: str, x):
    shape = _shape(x)
    if len(shape) < 2:
        short = name.rsplit(".", 1)[-1]  # JAX's words: "Input 0 to svd must have rank ..."
        raise MeshjitTypeError(
            f"Input 0 to {short} must have rank at least 2, but got shape={shape} ({name} "
            "requires an array of at least two dimensions)"
        )


def _mT(x):
    return shapes.swapaxes(x, -1, -2)


def _entry(x, i, j):
    return x[..., i, j]


# ---------------------------------------------------------------------------------------------
# Factorizations.


@jitted_as_jax("upper", "symmetrize_input")
def cholesky(a, *, upper: bool = False, symmetrize_input: bool = True):
    """The Cholesky factor L (a = L @ L.T), or L.T when `upper`."""
    (a,) = _inexact("jnp.linalg.cholesky", a)
    factor = lax_linalg.cholesky(a, symmetrize_input=symmetrize_input)
    return _mT(factor) if upper else factor


@jitted_as_jax("full_matrices", "compute_uv", "hermitian", "subset_by_index")
def svd(
    a,
    full_matrices: bool = True,
    compute_uv: bool = True,
    hermitian: bool = False,
    subset_by_index=None,
):
    """SVDResult(U, S, Vh) with a = U @ diag(S) @ Vh, or S alone when `compute_uv` is False."""
    (a,) = _inexact("jnp.linalg.svd", a)
    _at_least_2d("jnp.linalg.svd", a)
    if hermitian:
        return _hermitian_svd(a, compute_uv, subset_by_index)
    if compute_uv:
        u, s, vh = lax_linalg.svd(
            a, full_matrices=full_matrices, compute_uv=True, subset_by_index=subset_by_index
        )
        return SVDResult(u, s, vh)
    return lax_linalg.svd(
        a, full_matrices=full_matrices, compute_uv=False, subset_by_index=subset_by_index
    )


def _hermitian_svd(a, compute_uv, subset_by_index):
    v, w = lax_linalg.eigh(a, subset_by_index=subset_by_index)
    s = lax.abs(w)
    last = aval_of(s).ndim - 1
    if not compute_uv:
        return lax.rev(lax.sort(s, dimension=last), (last,))
    sign = lax.sign(w)
    idxs = lax.broadcasted_iota(np.uint32, _shape(s), last)  # JAX's unsigned index dtype
    s, idxs, sign = lax.sort((s, idxs, sign), dimension=last, num_keys=1)
    s, idxs, sign = (lax.rev(t, (last,)) for t in (s, idxs, sign))
    u = take_along_axis(v, shapes.expand_dims(idxs, -2), axis=-1)
    vh = _mT(elementwise.multiply(u, shapes.expand_dims(sign, -2)))
    return SVDResult(u, s, vh)


def svdvals(x, /):
    """The singular values of `x`, descending."""
    (x,) = _arrays("jnp.linalg.svdvals", x)  # JAX's check names the function called
    return svd(x, compute_uv=False)


def eig(a):
    """EigResult(eigenvalues, right eigenvectors as columns) of square `a`, both complex."""
    (a,) = promote_inexact(*_arrays("jnp.linalg.eig", a))
    w, v = lax_linalg.eig(a, compute_left_eigenvectors=False)
    return EigResult(w, v)


@jitted_as_jax()
def eigvals(a):
    """The (complex) eigenvalues of square `a`."""
    (a,) = promote_inexact(*_arrays("jnp.linalg.eigvals", a))
    return lax_linalg.eig(a, compute_left_eigenvectors=False, compute_right_eigenvectors=False)[0]


@jitted_as_jax("UPLO", "symmetrize_input")
def eigh(a, UPLO: str | None = None, symmetrize_input: bool = True):
    """EighResult(eigenvalues ascending, eigenvectors as columns) of symmetric `a`."""
    (a,) = _arrays("jnp.linalg.eigh", a)
    if UPLO is None or UPLO == "L":
        lower = True
    elif UPLO == "U":
        lower = False
    else:
        raise MeshjitValueError(f"UPLO must be one of None, 'L', or 'U', got {UPLO}")
    (a,) = promote_inexact(a)
    v, w = lax_linalg.eigh(a, lower=lower, symmetrize_input=symmetrize_input)
    return EighResult(w, v)


@jitted_as_jax("UPLO", "symmetrize_input")
def eigvalsh(a, UPLO: str | None = "L", *, symmetrize_input: bool = True):
    """The eigenvalues of symmetric `a`, ascending."""
    return eigh(a, UPLO, symmetrize_input=symmetrize_input).eigenvalues


@jitted_as_jax("mode")
def qr(a, mode: str = "reduced"):
    """QRResult(Q, R) (mode 'reduced' or 'complete'), R alone ('r'), or (a.mT, taus) ('raw')."""
    (a,) = _inexact("jnp.linalg.qr", a)
    _at_least_2d("jnp.linalg.qr", a)
    if mode == "raw":
        h, taus = lax_linalg.geqrf(a)
        return QRResult(_mT(h), taus)
    if mode in ("reduced", "r", "full"):
        full_matrices = False
    elif mode == "complete":
        full_matrices = True
    else:
        raise MeshjitValueError(f"Unsupported QR decomposition mode '{mode}'")
    q, r = lax_linalg.qr(a, full_matrices=full_matrices)
    return r if mode == "r" else QRResult(q, r)


# ---------------------------------------------------------------------------------------------
# Determinants, inverses and solves.


def _sign_and_log_abs(det):
    abs_det = elementwise.abs(det)
    return elementwise.sign(det), complex_parts.real(elementwise.log(abs_det))


def _slogdet_1x1(a):
    return _sign_and_log_abs(_entry(a, 0, 0))


def _slogdet_2x2(a):
    a00, a01, a10, a11 = (_entry(a, i, j) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
    return _sign_and_log_abs(a00 * a11 - a01 * a10)


def _slogdet_small(a):
    """slogdet of 1x1 and 2x2 matrices by their formulas (JAX's custom_jvp function)."""
    return _slogdet_1x1(a) if _shape(a)[-1] == 1 else _slogdet_2x2(a)


def _slogdet_small_jvp(primals, tangents):
    (x,), (g,) = primals, tangents
    sign, ans = _custom().slogdet_small(x)
    if _shape(x)[-1] == 1:
        ans_dot = _entry(g, 0, 0) / _entry(x, 0, 0)
    else:
        x00, x01, x10, x11 = (_entry(x, i, j) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
        det = x00 * x11 - x01 * x10
        ans_dot = (
            _entry(g, 0, 0) * x11
            - _entry(g, 0, 1) * x10
            - _entry(g, 1, 0) * x01
            + _entry(g, 1, 1) * x00
        ) / det
    return (sign, ans), _slogdet_tangents(x, sign, ans_dot)


def _slogdet_tangents(x, sign, ans_dot):
    """(sign_dot, logabsdet_dot): the sign's is zero for real matrices (JAX's rule)."""
    if dtypes.is_complex(aval_of(x).dtype):
        real = elementwise.astype(complex_parts.real(ans_dot), aval_of(ans_dot).dtype)
        return (ans_dot - real) * sign, complex_parts.real(ans_dot)
    return creation.zeros_like(sign), ans_dot


def _pivot_parity(pivot, n: int):
    """The number of row swaps LU's `pivot` records."""
    iota = lax.expand_dims(
        creation.arange(n, dtype=aval_of(pivot).dtype), range(aval_of(pivot).ndim - 1)
    )
    return reductions.count_nonzero(elementwise.not_equal(pivot, iota), axis=-1)


def _slogdet_lu(a):
    """sign and log|det| from LU's diagonal and pivots (JAX's custom_jvp function)."""
    dtype = aval_of(a).dtype
    lu, pivot, _ = lax_linalg.lu(a)
    diag = diagonals.diagonal(lu, axis1=-2, axis2=-1)
    is_zero = reductions.any(elementwise.equal(diag, np.zeros((), dtype)), axis=-1)
    parity = _pivot_parity(pivot, _shape(a)[-1])
    if dtypes.is_complex(dtype):  # the diagonal's phases
        phases = elementwise.true_divide(diag, elementwise.astype(elementwise.abs(diag), dtype))
        sign = reductions.prod(phases, axis=-1)
    else:
        sign = creation.array(1, dtype=dtype)
        parity = parity + reductions.count_nonzero(elementwise.less(diag, 0), axis=-1)
    flips = creation.array(-2 * (parity % 2) + 1, dtype=dtype)
    sign = elementwise.where(is_zero, np.zeros((), dtype), sign * flips)
    logs = reductions.sum(
        elementwise.astype(elementwise.log(elementwise.abs(diag)), dtype), axis=-1
    )
    logdet = elementwise.where(is_zero, np.array(-np.inf, dtype), logs)
    return sign, complex_parts.real(logdet)


def _slogdet_qr(a):
    """sign and log|det| from geqrf's R and reflectors (JAX's custom_jvp function)."""
    if dtypes.is_complex(aval_of(a).dtype):
        raise MeshjitNotImplementedError("slogdet method='qr' not implemented for complex inputs")
    n = _shape(a)[-1]
    h, taus = lax_linalg.geqrf(a)
    diag = diagonals.diagonal(h, axis1=-2, axis2=-1)
    log_abs_det = reductions.sum(elementwise.log(elementwise.abs(diag)), axis=-1)
    sign_diag = reductions.prod(elementwise.sign(diag), axis=-1)
    flips = elementwise.where(elementwise.not_equal(taus[..., : n - 1], 0), -1, 1)
    sign_taus = elementwise.astype(reductions.prod(flips, axis=-1), aval_of(sign_diag).dtype)
    return sign_diag * sign_taus, log_abs_det


def _slogdet_jvp(primals, tangents):
    """d log|det a| = trace(a^-1 da) (JAX's rule for the LU and QR methods)."""
    (x,), (g,) = primals, tangents
    sign, ans = slogdet(x)
    ans_dot = diagonals.trace(solve(x, g), axis1=-1, axis2=-2)
    return (sign, ans), _slogdet_tangents(x, sign, ans_dot)


@functools.cache
def _custom():
    """JAX's custom_jvp functions of slogdet and det (made on first use: ad/ sits above
    numpy/): their derivatives are defined at singular matrices too."""
    from types import SimpleNamespace

    from meshjit.compiler.ad.custom_derivatives import custom_jvp

    made = {}
    for name, fun, rule in (
        ("slogdet_small", _slogdet_small, _slogdet_small_jvp),
        ("slogdet_lu", _slogdet_lu, _slogdet_jvp),
        ("slogdet_qr", _slogdet_qr, _slogdet_jvp),
        ("det", _det, _det_jvp),
    ):
        made[name] = custom_jvp(fun)
        made[name].defjvp(rule)
    return SimpleNamespace(**made)


@jitted_as_jax("method")
def slogdet(a, *, method: str | None = None):
    """SlogdetResult(sign, log|det|) of the square matrices `a`."""
    (a,) = _inexact("jnp.linalg.slogdet", a)
    shape = _shape(a)
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise MeshjitValueError(f"Argument to slogdet() must have shape [..., n, n], got {shape}")
    if method is None or method == "lu":
        if shape[-1] in (1, 2):
            return SlogdetResult(*_custom().slogdet_small(a))
        return SlogdetResult(*_custom().slogdet_lu(a))
    if method == "qr":
        return SlogdetResult(*_custom().slogdet_qr(a))
    raise MeshjitValueError(
        f"Unknown slogdet method '{method}'. Supported methods are 'lu' (`None`), and 'qr'."
    )


def _cofactor_solve(a, b):
    """(det(a), adjugate(a) @ b): det(a) * solve(a, b) for nonsingular `a`, and defined for
    singular ones too (JAX's construction): for rank n-1 the last pivot of U is replaced so that
    the triangular solves stay finite, and matrices of lower rank (whose adjugate is 0) give 0."""
    (a,) = promote_inexact(a)
    (b,) = promote_inexact(b)
    n = _shape(a)[-1]
    if n == 1:
        return _entry(a, 0, 0), b
    lu, pivots, permutation = lax_linalg.lu(a)
    dtype = aval_of(a).dtype
    batch = broadcast_shapes(_shape(lu)[:-2], _shape(b)[:-2])
    x = shapes.broadcast_to(b, batch + _shape(b)[-2:])
    lu = shapes.broadcast_to(lu, batch + _shape(lu)[-2:])
    diag = diagonals.diagonal(lu, axis1=-2, axis2=-1)
    sign = creation.asarray(-2 * (_pivot_parity(pivots, n) % 2) + 1, dtype=dtype)
    partial_det = cumulative.cumprod(diag, axis=-1) * sign[..., None]
    lu = lu.at[..., -1, -1].set(1.0 / partial_det[..., -2])
    permutation = shapes.broadcast_to(permutation, (*batch, n))
    d = creation.ones(_shape(x)[:-1], aval_of(x).dtype)  # the rank test: solves finite?
    d = lax_linalg.triangular_solve(lu, d, left_side=True, lower=False)
    d = reductions.any(elementwise.logical_or(jmath.isnan(d), jmath.isinf(d)), axis=-1)
    d = rearranging.tile(d[..., None, None], aval_of(d).ndim * (1,) + _shape(x)[-2:])
    x = elementwise.where(d, creation.zeros_like(x), x)
    x = _permuted_rows(x, permutation)
    x = lax_linalg.triangular_solve(lu, x, left_side=True, lower=True, unit_diagonal=True)
    x = shapes.concatenate(
        (x[..., :-1, :] * partial_det[..., -1, None, None], x[..., -1:, :]), axis=-2
    )
    x = lax_linalg.triangular_solve(lu, x, left_side=True, lower=False)
    x = elementwise.where(d, creation.zeros_like(x), x)
    return partial_det[..., -1], x


def _permuted_rows(x, permutation):
    """x[..., permutation, :] per matrix: JAX's gather when unbatched; batched, by
    take_along_axis, which keeps a batch sharding (JAX's gather with batch iotas cannot)."""
    if aval_of(permutation).ndim == 1:
        return x[permutation, :]
    rows = shapes.broadcast_to(shapes.expand_dims(permutation, -1), _shape(x))
    return take_along_axis(x, rows, axis=-2)


def det(a):
    """The determinants of the square matrices `a` (..., n, n)."""
    (a,) = _inexact("jnp.linalg.det", a)
    shape = _shape(a)
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise MeshjitValueError(f"Argument to _det() must have shape [..., n, n], got {shape}")
    return jitted(_det_by_size, name="det")(a)


def _det_by_size(a):
    """JAX's jitted det: 2x2 and 3x3 matrices by their cofactor sums, others by slogdet with
    a custom JVP (a cofactor solve, finite at singular matrices)."""
    shape = _shape(a)
    e = lambda i, j: _entry(a, i, j)  # noqa: E731
    if shape[-1] == 2:
        return e(0, 0) * e(1, 1) - e(0, 1) * e(1, 0)
    if shape[-1] == 3:
        return (
            e(0, 0) * e(1, 1) * e(2, 2)
            + e(0, 1) * e(1, 2) * e(2, 0)
            + e(0, 2) * e(1, 0) * e(2, 1)
            - e(0, 2) * e(1, 1) * e(2, 0)
            - e(0, 0) * e(1, 2) * e(2, 1)
            - e(0, 1) * e(1, 0) * e(2, 2)
        )
    return _custom().det(a)


def _det(a):
    sign, logdet = slogdet(a)
    return sign * elementwise.astype(elementwise.exp(logdet), aval_of(sign).dtype)


def _det_jvp(primals, tangents):
    (x,), (g,) = primals, tangents
    y, z = _cofactor_solve(x, g)
    return y, diagonals.trace(z, axis1=-1, axis2=-2)


def _lu_solve(a, b):
    """x with a @ x = b: a (..., m, m), b (..., m, k) of the same batch shape."""
    lu, _, perm = lax_linalg.lu(a)
    return lax_linalg.lu_solve(lu, perm, b, 0)


def _solve_signature(sb) -> str:
    return "(m,m),(m)->(m)" if len(sb) == 1 else "(m,m),(m,n)->(m,n)"


def solve(a, b):
    """x with a @ x = b: `b` is (..., m) (a batch of vectors) or (..., m, k), batches broadcast."""
    a, b = _inexact("jnp.linalg.solve", a, b)
    sa, sb = _shape(a), _shape(b)
    if len(sa) < 2:
        raise MeshjitValueError(
            f"left hand array must be at least two dimensional; got a.shape={sa!r}"
        )
    if sa[-1] != sa[-2]:  # JAX's words alone (its solve is a vectorized function)
        raise MeshjitValueError(
            f"inconsistent size for core dimension 'm': {sa[-1]} vs {sa[-2]} on vectorized "
            f"function with excluded=frozenset() and signature={_solve_signature(sb)!r}"
        )
    m = sa[-1]
    if len(sb) > 1 and len(sa) == len(sb) + 1 and sa[-1] == sb[-1] and sa[-1] != sb[-2]:
        raise MeshjitValueError(
            f"Invalid shapes for solve: {sa}, {sb}. Prior to JAX v0.5.0, this would have been "
            "treated as a batched 1-dimensional solve. To recover this behavior, use "
            "solve(a, b[..., None]).squeeze(-1)."
        )
    vector = len(sb) == 1
    core = sb[-1:] if vector else sb[-2:]
    if core[0] != m:
        raise MeshjitValueError(  # JAX's words alone (its solve is a vectorized function)
            f"inconsistent size for core dimension 'm': {core[0]} vs {m} on vectorized "
            f"function with excluded=frozenset() and signature={_solve_signature(sb)!r}"
        )
    batch = broadcast_shapes(sa[:-2], () if vector else sb[:-2])
    a = shapes.broadcast_to(a, batch + (m, m))
    b = shapes.broadcast_to(b, batch + core)
    if vector:
        return shapes.squeeze(_lu_solve(a, shapes.expand_dims(b, -1)), -1)
    return _lu_solve(a, b)


def inv(a):
    """The inverses of the square matrices `a` (..., n, n)."""
    (a,) = _arrays("jnp.linalg.inv", a)
    shape = _shape(a)
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise MeshjitValueError(f"Argument to inv must have shape [..., n, n], got {shape}.")
    (a,) = promote_inexact(a)
    eye = creation.eye(shape[-1], dtype=aval_of(a).dtype)
    return solve(a, shapes.broadcast_to(eye, shape))


def pinv(a, rtol=None, hermitian: bool = False, *, rcond=None):
    """The Moore-Penrose pseudo-inverse, cutting singular values below rtol * the largest."""
    if rcond is not None:
        if rtol is not None:
            raise MeshjitValueError("pinv: only one of rtol and rcond may be specified.")
        rtol = rcond
    (a,) = _inexact("jnp.linalg.pinv", a)
    shape = _shape(a)
    if len(shape) < 2:
        raise MeshjitValueError(  # JAX's words: its unpacking of the last two dimensions
            f"not enough values to unpack (expected 2, got {len(shape)}): jnp.linalg.pinv "
            f"requires a matrix [..., m, n], got shape {shape}"
        )
    dtype = aval_of(a).dtype
    m, n = shape[-2:]
    if m == 0 or n == 0:
        return creation.empty(shape[:-2] + (n, m), dtype)
    if rtol is None:
        rtol = 10.0 * builtins.max(m, n) * float(dtypes.finfo(dtype).eps)
    if isinstance(rtol, (int, float)):  # a static cutoff: JAX's derivative (not the SVD's)
        return _pinv_smooth()(a, float(rtol), hermitian)
    return _pinv_by_svd(a, rtol, hermitian)


def _pinv_by_svd(a, rtol, hermitian):
    dtype = dtypes.real_dtype(aval_of(a).dtype)  # of the singular values
    rtol = creation.asarray(rtol)
    u, s, vh = svd(a, full_matrices=False, hermitian=hermitian)
    rank = aval_of(rtol).ndim
    rtol = shapes.reshape(rtol, (1,) * (aval_of(s).ndim - rank - 1) + _shape(rtol) + (1,))
    cutoff = rtol * s[..., 0:1]
    s = elementwise.where(elementwise.greater(s, cutoff), s, np.array(np.inf, dtype))
    return products.matmul(_mH(vh), elementwise.divide(_mH(u), shapes.expand_dims(s, -1)))


@functools.cache
def _pinv_smooth():
    """pinv by SVD with JAX's custom JVP (made on first use: ad/ sits above numpy/)."""
    from meshjit.compiler.ad.custom_derivatives import custom_jvp

    smooth = custom_jvp(_pinv_by_svd, nondiff_argnums=(1, 2))
    smooth.defjvp(_pinv_jvp)
    return smooth


def _pinv_jvp(rtol, hermitian, primals, tangents):
    """Golub and Pereyra's derivative of the pseudo-inverse (as JAX defines it): finite where
    the SVD's derivative is not (repeated singular values, e.g. at 2 I)."""
    (a,), (a_dot,) = primals, tangents
    p = _pinv_smooth()(a, rtol, hermitian)
    if hermitian:  # svd(hermitian=True) reads the symmetrized matrix: so does the derivative
        a, a_dot = _symmetrized(a), _symmetrized(a_dot)
    mm = products.matmul
    m, n = _shape(a)[-2:]
    if m >= n:
        s = mm(mm(p, _mH(p)), _mH(a_dot))
        t = mm(mm(_mH(a_dot), _mH(p)), p)
        p_dot = -mm(mm(p, a_dot), p) + s - mm(mm(s, a), p) + t - mm(mm(p, a), t)
    else:
        s = mm(p, mm(_mH(p), _mH(a_dot)))
        t = mm(_mH(a_dot), mm(_mH(p), p))
        p_dot = -mm(p, mm(a_dot, p)) + s - mm(s, mm(a, p)) + t - mm(p, mm(a, t))
    return p, p_dot


def _mH(x):
    return lax.conj(_mT(x)) if dtypes.is_complex(aval_of(x).dtype) else _mT(x)


def _symmetrized(x):
    return (x + _mH(x)) / 2


@jitted_as_jax("n")
def matrix_power(a, n: int):
    """`a` raised to the integer power `n` by repeated squaring (inverted for n < 0)."""
    (arr,) = _arrays("jnp.linalg.matrix_power", a)
    shape = _shape(arr)
    if len(shape) < 2:
        raise MeshjitTypeError(
            f"{len(shape)}-dimensional array given. Array must be at least two-dimensional"
        )
    if shape[-2] != shape[-1]:
        raise MeshjitTypeError("Last 2 dimensions of the array must be square")
    from meshjit.compiler.jit.signature import hashable_static  # JAX jits it with n static

    hashable_static(n, "argument n of jnp.linalg.matrix_power")
    try:
        n = operator.index(n)
    except TypeError as err:
        raise MeshjitTypeError(f"exponent must be an integer, got {n}") from err
    if n == 0:
        return shapes.broadcast_to(creation.eye(shape[-2], dtype=aval_of(arr).dtype), shape)
    if n < 0:
        arr, n = inv(arr), -n
    if n == 3:  # as JAX: (a @ a) @ a, not a @ (a @ a)
        return products.matmul(products.matmul(arr, arr), arr)
    z = result = None
    while n > 0:
        z = arr if z is None else products.matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else products.matmul(result, z)
    return result


@jitted_as_jax("hermitian")
def matrix_rank(M, rtol=None, *, hermitian: bool = False, tol=None):
    """The number of singular values above rtol * the largest (by default max(m, n) * eps)."""
    if tol is not None:
        if rtol is not None:
            raise MeshjitValueError("matrix_rank: only one of tol or rtol may be specified.")
        rtol = tol
    (M,) = _inexact("jnp.linalg.matrix_rank", M)
    if aval_of(M).ndim < 2:
        return elementwise.astype(reductions.any(elementwise.not_equal(M, 0)), dtypes.default_int)
    S = svd(M, full_matrices=False, compute_uv=False, hermitian=hermitian)
    dtype = aval_of(S).dtype
    if rtol is None:
        size = np.asarray(builtins.max(_shape(M)[-2:]), dtype)  # JAX's two products
        rtol = reductions.max(S, axis=-1) * size * np.asarray(dtypes.finfo(dtype).eps, dtype)
    rtol = shapes.expand_dims(creation.asarray(rtol), aval_of(creation.asarray(rtol)).ndim)
    return reductions.sum(elementwise.greater(S, rtol), axis=-1)


def lstsq(a, b, rcond=None, *, numpy_resid: bool = False):
    """(x, residuals, rank, s): the least-squares solution of a @ x = b by SVD."""
    a, b = _inexact("jnp.linalg.lstsq", a, b)
    sa, sb = _shape(a), _shape(b)
    if sa[0] != sb[0]:
        raise MeshjitValueError("Leading dimensions of input arrays must match")
    b_orig_ndim = len(sb)
    if b_orig_ndim == 1:
        b = shapes.expand_dims(b, -1)
    if len(sa) != 2:
        raise MeshjitTypeError(f"{len(sa)}-dimensional array given. Array must be two-dimensional")
    if aval_of(b).ndim != 2:
        raise MeshjitTypeError(
            f"{len(sb)}-dimensional array given. Array must be one or two-dimensional"
        )
    m, n = sa
    dtype = aval_of(a).dtype
    if m * n == 0:
        s = creation.empty(0, dtype=dtype)
        rank = creation.asarray(0, dtype=dtypes.default_int)
        x = creation.zeros((n, *_shape(b)[1:]), dtype=dtype)
    else:
        eps = float(dtypes.finfo(dtype).eps)
        if rcond is None:
            rcond = eps * builtins.max(n, m)
        else:
            rcond = elementwise.where(elementwise.less(rcond, 0), eps, rcond)
        u, s, vt = svd(a, full_matrices=False)
        real = dtypes.real_dtype(dtype)  # of the singular values
        mask = elementwise.logical_and(
            elementwise.greater(s, 0),
            elementwise.greater_equal(s, elementwise.astype(rcond, real) * s[0]),
        )
        rank = reductions.sum(mask)
        safe_s = elementwise.where(mask, s, np.ones((), real))
        s_inv = elementwise.where(mask, 1 / safe_s, np.zeros((), real))[:, None]
        uTb = products.matmul(_mH(u), b)
        x = products.matmul(_mH(vt), s_inv * uTb)
    if numpy_resid and (_concrete_less(rank, n) or m <= n):
        resid = creation.asarray(np.zeros((0,), dtype))
    else:
        resid = norm(b - products.matmul(a, x), axis=0) ** 2
    if b_orig_ndim == 1:
        x = shapes.ravel(x)
    return x, resid, rank, s


def _concrete_less(rank, n) -> bool:
    return int(np.asarray(rank)) < n


def tensorinv(a, ind: int = 2):
    """The inverse of `a` seen as a matrix of its first `ind` axes by the rest."""
    (arr,) = _arrays("tensorinv", a)
    ind = operator.index(ind)
    if ind <= 0:
        raise MeshjitValueError(f"ind must be a positive integer; got ind={ind!r}")
    shape = _shape(arr)
    contracting, batch = shape[:ind], shape[ind:]
    flat = (math.prod(contracting), math.prod(batch))
    if flat[0] != flat[1]:
        raise MeshjitValueError(
            "tensorinv is only possible when the product of the first `ind` dimensions equals "
            f"that of the remaining dimensions. got arr.shape={shape!r} with ind={ind!r}."
        )
    return shapes.reshape(inv(shapes.reshape(arr, flat)), (*batch, *contracting))


def tensorsolve(a, b, axes=None):
    """x with tensordot(a, x, x.ndim) = b."""
    a, b = _arrays("tensorsolve", a, b)
    if axes is not None:
        nd = aval_of(a).ndim
        a = shapes.moveaxis(a, axes, (nd - 1,) * len(axes))
    sa, sb = _shape(a), _shape(b)
    out_shape = sa[len(sb) :]
    if sa[: len(sb)] != sb:
        raise MeshjitValueError(
            "After moving axes to end, leading shape of a must match shape of b. "
            f"got a.shape={sa}, b.shape={sb}"
        )
    if math.prod(sb) != math.prod(out_shape):
        raise MeshjitValueError(
            "Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:]); got "
            f"a.shape={sa}, b.ndim={len(sb)}."
        )
    a = shapes.reshape(a, (math.prod(sb), math.prod(out_shape)))
    return shapes.reshape(solve(a, shapes.ravel(b)), out_shape)


# ---------------------------------------------------------------------------------------------
# Norms and condition numbers.


def _max0(x, axis, keepdims):
    """max with NumPy's `initial=0` (the norms of empty arrays are 0)."""
    if aval_of(x).size == 0:
        return reductions.sum(x, axis=axis, keepdims=keepdims)
    return reductions.max(x, axis=axis, keepdims=keepdims)


def _abs_squared(x):
    """|x|^2, real also for complex x (x times its conjugate, as JAX's norms)."""
    if dtypes.is_complex(aval_of(x).dtype):
        return lax.real(x * lax.conj(x))
    return x * x


def vector_norm(x, /, *, axis=None, keepdims: bool = False, ord=2):
    """The vector norm of order `ord` over `axis` (all axes by default)."""
    (x,) = _inexact("jnp.linalg.vector_norm", x)
    if ord is None or (not isinstance(ord, str) and ord == 2):
        return elementwise.sqrt(reductions.sum(_abs_squared(x), axis=axis, keepdims=keepdims))
    if isinstance(ord, str):
        msg = f"Invalid order '{ord}' for vector norm."
        if ord == "inf":
            msg += "Use 'jax.numpy.inf' instead."
        if ord == "-inf":
            msg += "Use '-jax.numpy.inf' instead."
        raise MeshjitValueError(msg)
    if ord == np.inf:
        return _max0(elementwise.abs(x), axis, keepdims)
    if ord == -np.inf:
        return reductions.min(elementwise.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        real_dtype = dtypes.real_dtype(aval_of(x).dtype)
        nonzero = elementwise.astype(elementwise.not_equal(x, 0), real_dtype)
        return reductions.sum(nonzero, axis=axis, keepdims=keepdims)
    if ord == 1:
        return reductions.sum(elementwise.abs(x), axis=axis, keepdims=keepdims)
    dtype = dtypes.real_dtype(aval_of(x).dtype)
    total = reductions.sum(
        elementwise.power(elementwise.abs(x), np.asarray(ord, dtype)), axis=axis, keepdims=keepdims
    )
    return elementwise.power(total, np.asarray(1.0 / np.asarray(ord, dtype), dtype))


@jitted_as_jax("ord", "axis", "keepdims")
def norm(x, ord=None, axis=None, keepdims: bool = False):
    """NumPy's norm: vector norms over one axis, matrix norms over two ('fro', 'nuc', 1, -1,
    2, -2, inf, -inf), the 2-norm of everything flattened by default."""
    (x,) = _inexact("jnp.linalg.norm", x)
    ndim = aval_of(x).ndim
    if axis is None:
        if ord is None:
            return elementwise.sqrt(reductions.sum(_abs_squared(x), keepdims=keepdims))
        axis = tuple(range(ndim))
    elif isinstance(axis, tuple):
        axis = tuple(static_axis(a, ndim) for a in axis)
    else:
        axis = (static_axis(axis, ndim),)
    if len(axis) == 1:
        return vector_norm(x, ord=2 if ord is None else ord, axis=axis, keepdims=keepdims)
    if len(axis) != 2:
        raise MeshjitValueError(
            f"Improper number of axes for norm: axis={axis!r}. Pass one axis to compute a "
            "vector-norm, or two axes to compute a matrix-norm."
        )
    return _matrix_norm(x, ord, axis, keepdims)


def _matrix_norm(x, ord, axis, keepdims):
    row_axis, col_axis = axis
    if ord is None or (isinstance(ord, str) and ord in ("f", "fro")):
        return elementwise.sqrt(reductions.sum(_abs_squared(x), axis=axis, keepdims=keepdims))
    if isinstance(ord, str) and ord != "nuc":
        raise MeshjitValueError(f"Invalid order '{ord}' for matrix norm.")
    absx = elementwise.abs(x)
    if ord in (1, -1):
        if not keepdims and col_axis > row_axis:
            col_axis -= 1
        sums = reductions.sum(absx, axis=row_axis, keepdims=keepdims)
        if ord == 1:
            return _max0(sums, col_axis, keepdims)
        return reductions.min(sums, axis=col_axis, keepdims=keepdims)
    if ord in (np.inf, -np.inf):
        if not keepdims and row_axis > col_axis:
            row_axis -= 1
        sums = reductions.sum(absx, axis=col_axis, keepdims=keepdims)
        if ord == np.inf:
            return _max0(sums, row_axis, keepdims)
        return reductions.min(sums, axis=row_axis, keepdims=keepdims)
    if ord in ("nuc", 2, -2):
        s = svd(shapes.moveaxis(x, axis, (-2, -1)), compute_uv=False)
        if ord == 2:
            y = _max0(s, -1, False)
        elif ord == -2:
            y = reductions.min(s, axis=-1)
        else:
            y = reductions.sum(s, axis=-1)
        return shapes.expand_dims(y, axis) if keepdims else y
    raise MeshjitValueError(f"Invalid order '{ord}' for matrix norm.")


def matrix_norm(x, /, *, keepdims: bool = False, ord="fro"):
    """The matrix norm over the last two axes."""
    (x,) = _arrays("jnp.linalg.matrix_norm", x)  # JAX's check names the function called
    return norm(x, ord=ord, keepdims=keepdims, axis=(-2, -1))


def cond(x, p=None):
    """The condition number of `x` in the norm `p` (2-norm by default)."""
    (arr,) = _arrays("cond", x)
    shape = _shape(arr)
    if len(shape) < 2:
        raise MeshjitValueError(
            f"jnp.linalg.cond: input array must be at least 2D; got arr.shape={shape!r}"
        )
    if shape[-1] == 0 or shape[-2] == 0:
        raise MeshjitValueError(
            f"jnp.linalg.cond: input array must not be empty; got arr.shape={shape!r}"
        )
    if p is None or p == 2:
        s = svdvals(arr)
        return s[..., 0] / s[..., -1]
    if p == -2:
        s = svdvals(arr)
        r = s[..., -1] / s[..., 0]
    else:
        if shape[-2] != shape[-1]:
            raise MeshjitValueError(
                f"jnp.linalg.cond: for p={p!r}, array must be square; got arr.shape={shape!r}"
            )
        r = norm(arr, ord=p, axis=(-2, -1)) * norm(inv(arr), ord=p, axis=(-2, -1))
    (arr,) = promote_inexact(arr)
    finite_input = elementwise.logical_not(reductions.any(jmath.isnan(arr), axis=(-2, -1)))
    return elementwise.where(
        elementwise.logical_and(jmath.isnan(r), finite_input), np.array(np.inf, aval_of(r).dtype), r
    )


# ---------------------------------------------------------------------------------------------
# The array API's names.


def multi_dot(arrays, *, precision=None):
    """The product of a chain of matrices (the first and last may be vectors)."""
    arrs = _arrays("jnp.linalg.multi_dot", *arrays)
    if not arrs:  # one array is its own product, as in JAX
        raise MeshjitValueError(
            f"multi_dot requires at least one array; got len(arrays)={len(arrs)}"
        )
    nds = [aval_of(a).ndim for a in arrs]
    if not (nds[0] in (1, 2) and nds[-1] in (1, 2) and all(d == 2 for d in nds[1:-1])):
        raise MeshjitValueError(
            "multi_dot: input arrays must all be two-dimensional, except for the first and last "
            f"array which may be 1 or 2 dimensional. Got array shapes {[_shape(a) for a in arrs]}"
        )
    if any(_shape(a)[-1] != _shape(b)[0] for a, b in zip(arrs[:-1], arrs[1:])):
        raise MeshjitValueError(
            "multi_dot: last dimension of each array must match first dimension of following "
            f"array. Got array shapes {[_shape(a) for a in arrs]}"
        )
    letters = [chr(ord("a") + i) for i in range(len(arrs) + 1)]
    axes = [letters[i] + letters[i + 1] for i in range(len(arrs))]
    if nds[0] == 1:
        axes[0] = axes[0][1:]
    if nds[-1] == 1:
        axes[-1] = axes[-1][:1]
    out = (letters[0] if nds[0] == 2 else "") + (letters[-1] if nds[-1] == 2 else "")
    return contractions.einsum(",".join(axes) + "->" + out, *arrs, optimize="auto")


def outer(x1, x2, /):
    """The outer product of two vectors."""
    x1, x2 = _arrays("jnp.linalg.outer", x1, x2)
    if aval_of(x1).ndim != 1 or aval_of(x2).ndim != 1:
        raise MeshjitValueError(
            "Input arrays must be one-dimensional, but they are "
            f"x1.ndim={aval_of(x1).ndim!r} x2.ndim={aval_of(x2).ndim!r}"
        )
    return x1[:, None] * x2[None, :]


def cross(x1, x2, /, *, axis=-1):
    """The cross product of 3-vectors along `axis`."""
    x1, x2 = _arrays("jnp.linalg.outer", x1, x2)
    if _shape(x1)[axis] != 3 or _shape(x2)[axis] != 3:
        raise MeshjitValueError(
            "Both input arrays must be (arrays of) 3-dimensional vectors, but they have "
            f"x1.shape[axis]={_shape(x1)[axis]!r} and x2.shape[axis]={_shape(x2)[axis]!r}"
        )
    return products.cross(x1, x2, axis=axis)


def matrix_transpose(x, /):
    """`x` with its last two axes swapped."""
    (x,) = _arrays("jnp.linalg.matrix_transpose", x)
    ndim = aval_of(x).ndim
    if ndim < 2:
        raise MeshjitValueError(
            f"matrix_transpose requires at least 2 dimensions; got ndim={ndim!r}"
        )
    return _mT(x)


def trace(x, /, *, offset: int = 0, dtype=None):
    """The sum of the diagonal of the last two axes."""
    (x,) = _arrays("jnp.linalg.trace", x)
    return diagonals.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def diagonal(x, /, *, offset: int = 0):
    """The diagonal of the last two axes."""
    (x,) = _arrays("jnp.linalg.diagonal", x)
    return diagonals.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def vecdot(x1, x2, /, *, axis: int = -1, precision=None, preferred_element_type=None):
    """The dot product of vectors along `axis`, batched."""
    x1, x2 = _arrays("jnp.linalg.vecdot", x1, x2)
    return routines.vecdot(
        x1, x2, axis=axis, precision=precision, preferred_element_type=preferred_element_type
    )


def matmul(x1, x2, /, *, precision=None, preferred_element_type=None):
    """The matrix product (the array API's linalg.matmul)."""
    x1, x2 = _arrays("jnp.linalg.matmul", x1, x2)
    return products.matmul(
        x1, x2, precision=precision, preferred_element_type=preferred_element_type
    )


def tensordot(x1, x2, /, *, axes=2, precision=None, preferred_element_type=None, out_sharding=None):
    """The tensor dot product (the array API's linalg.tensordot)."""
    x1, x2 = _arrays("jnp.linalg.tensordot", x1, x2)
    return products.tensordot(
        x1,
        x2,
        axes=axes,
        precision=precision,
        preferred_element_type=preferred_element_type,
        out_sharding=out_sharding,
    )


# JAX's jitted functions: an object of the `__jax_array__` protocol is refused by their jit.
for _name in "cond det eigvals inv matrix_rank pinv slogdet solve svd".split():
    globals()[_name] = refusing_jax_arrays(globals()[_name])
