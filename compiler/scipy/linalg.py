"""meshjit.scipy.linalg: JAX's jax.scipy.linalg for real matrices, over meshjit.lax.linalg and
meshjit.numpy.linalg. SciPy's `overwrite_*` and `check_finite` arguments are accepted and
ignored, as in JAX."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.api import jvp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.lax import linalg as lax_linalg
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.numpy.util import aval_of, broadcast_shapes, promote_inexact
from meshjit.compiler.scipy.qdwh import qdwh

__all__ = [
    "cho_factor",
    "cho_solve",
    "cholesky",
    "det",
    "eigh",
    "expm",
    "expm_frechet",
    "inv",
    "lu",
    "lu_factor",
    "lu_solve",
    "polar",
    "qr",
    "qr_multiply",
    "solve",
    "solve_triangular",
    "svd",
]


def _inexact(*xs):
    return promote_inexact(*[jnp.asarray(x) for x in xs])


def _square(name: str, a):
    shape = aval_of(a).shape
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise MeshjitValueError(  # JAX's words
            f"The input to {name} must be a square matrix. Got shape {shape}. ({name} requires "
            "square matrices [..., n, n])"
        )


def _against_matrices(name: str, a, b):
    """`b` as a batch of (n, k) right-hand sides with the batch shape it shares with `a`
    (a vector `b` becomes one column), and whether it was a vector."""
    _square(name, a)
    sa, sb = aval_of(a).shape, aval_of(b).shape
    vector = len(sb) == 1 or (len(sa) == len(sb) + 1 and sa[-1] == sb[-1])
    core = sb[-1:] if vector else sb[-2:]
    if not core or core[0] != sa[-1]:
        perm = "(n)," if name == "lu_solve" else ""  # JAX vectorizes lu_solve over the pivots too
        signature = f"(n,n),{perm}(n)->(n)" if vector else f"(n,n),{perm}(n,k)->(n,k)"
        raise MeshjitValueError(  # JAX's words alone (its solvers are vectorized functions)
            f"inconsistent size for core dimension 'n': {core[0] if core else None} vs {sa[-1]} "
            f"on vectorized function with excluded=frozenset() and signature={signature!r}"
        )
    batch = broadcast_shapes(sa[:-2], sb[: len(sb) - len(core)])
    a = jnp.broadcast_to(a, batch + sa[-2:])
    b = jnp.broadcast_to(b, batch + core)
    return a, (jnp.expand_dims(b, -1) if vector else b), vector


def _columns_back(x, vector):
    return jnp.squeeze(x, -1) if vector else x


def cholesky(a, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """The Cholesky factor from the lower (`lower`) or upper triangle of `a`, unsymmetrized."""
    (a,) = _inexact(a)
    _square("cholesky", a)
    factor = lax_linalg.cholesky(a if lower else jnp.swapaxes(a, -1, -2), symmetrize_input=False)
    return factor if lower else jnp.swapaxes(factor, -1, -2)


def cho_factor(a, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """(c, lower): the Cholesky factor for cho_solve."""
    return cholesky(a, lower=lower), lower


def cho_solve(c_and_lower, b, overwrite_b: bool = False, check_finite: bool = True):
    """x with a @ x = b, from a's Cholesky factor (c, lower)."""
    c, lower = c_and_lower
    c, b = _inexact(c, b)
    c, b, vector = _against_matrices("cho_solve", c, b)
    b = lax_linalg.triangular_solve(c, b, left_side=True, lower=lower, transpose_a=not lower)
    b = lax_linalg.triangular_solve(c, b, left_side=True, lower=lower, transpose_a=lower)
    return _columns_back(b, vector)


def solve_triangular(
    a,
    b,
    trans=0,
    lower: bool = False,
    unit_diagonal: bool = False,
    overwrite_b: bool = False,
    debug=None,
    check_finite: bool = True,
):
    """x with op(a) @ x = b for triangular `a`; op is a (trans 0 / 'N'), a.T (1 / 'T') or a^H (2 / 'C')."""
    return _solve_triangular(a, b, trans, lower, unit_diagonal)


@jit(static_argnames=("trans", "lower", "unit_diagonal"))  # JAX's jitted helper
def _solve_triangular(a, b, trans, lower, unit_diagonal):
    if trans in (0, "N"):
        transpose_a = False
    elif trans in (1, "T", 2, "C"):
        transpose_a = True
    else:
        raise MeshjitValueError(f"Invalid 'trans' value {trans}")
    a, b = _inexact(a, b)
    a, b, vector = _against_matrices("solve_triangular", a, b)
    x = lax_linalg.triangular_solve(
        a, b, left_side=True, lower=lower, transpose_a=transpose_a,
        conjugate_a=trans in (2, "C"), unit_diagonal=unit_diagonal,
    )  # fmt: skip
    return _columns_back(x, vector)


def svd(
    a,
    full_matrices: bool = True,
    compute_uv: bool = True,
    overwrite_a: bool = False,
    check_finite: bool = True,
    lapack_driver: str = "gesdd",
):
    """(u, s, vh), or s alone when `compute_uv` is False."""
    (a,) = _inexact(a)
    return lax_linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv)


def det(a, overwrite_a: bool = False, check_finite: bool = True):
    return jnp_linalg.det(a)


def inv(a, overwrite_a: bool = False, check_finite: bool = True):
    return jnp_linalg.inv(a)


def eigh(
    a,
    b=None,
    lower: bool = True,
    eigvals_only: bool = False,
    overwrite_a: bool = False,
    overwrite_b: bool = False,
    turbo: bool = True,
    eigvals=None,
    type: int = 1,
    check_finite: bool = True,
):
    """(w, v) of symmetric `a` (from its `lower` or upper triangle), or w alone."""
    if b is not None:
        raise MeshjitNotImplementedError("Only the b=None case of eigh is implemented")
    if type != 1:
        raise MeshjitNotImplementedError("Only the type=1 case of eigh is implemented.")
    if eigvals is not None:
        raise MeshjitNotImplementedError("Only the eigvals=None case of eigh is implemented.")
    (a,) = _inexact(a)
    _square("eigh", a)
    v, w = lax_linalg.eigh(a, lower=lower)
    return w if eigvals_only else (w, v)


def lu_factor(a, overwrite_a: bool = False, check_finite: bool = True):
    """(lu, piv): LAPACK's getrf factors (0-based row swaps)."""
    (a,) = _inexact(a)
    lu_, pivots, _ = lax_linalg.lu(a)
    return lu_, pivots


def lu_solve(lu_and_piv, b, trans: int = 0, overwrite_b: bool = False, check_finite: bool = True):
    """x with a @ x = b (trans 0), a.T @ x = b (1) or a^H @ x = b (2), from lu_factor's
    (lu, piv)."""
    lu_, pivots = lu_and_piv
    lu_, b = _inexact(lu_, b)
    m = aval_of(lu_).shape[-2]
    perm = lax_linalg.lu_pivots_to_permutation(jnp.asarray(pivots), m)
    lu_, b, vector = _against_matrices("lu_solve", lu_, b)
    perm = jnp.broadcast_to(perm, aval_of(lu_).shape[:-1])
    return _columns_back(lax_linalg.lu_solve(lu_, perm, b, trans), vector)


def lu(a, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """(p, l, u) with a = p @ l @ u, or (p @ l, u) when `permute_l`."""
    (a,) = _inexact(a)
    shape = aval_of(a).shape
    if len(shape) != 2:
        raise MeshjitValueError(f"lu requires a matrix (rank 2), got shape {shape}")
    lu_, _, permutation = lax_linalg.lu(a)
    dtype = aval_of(a).dtype
    m, n = shape
    p = jnp.real(jnp.astype(jnp.equal(permutation[None, :], jnp.arange(m)[:, None]), dtype))
    k = min(m, n)
    low = jnp.tril(lu_, -1)[:, :k] + jnp.eye(m, k, dtype=dtype)
    up = jnp.triu(lu_)[:k, :]
    if permute_l:
        return jnp.matmul(p, low), up
    return p, low, up


def qr(
    a,
    overwrite_a: bool = False,
    lwork=None,
    mode: str = "full",
    pivoting: bool = False,
    check_finite: bool = True,
):
    """(q, r) (mode 'full' or 'economic'), or (r,) (mode 'r'); the pivots last with
    `pivoting`."""
    if mode in ("full", "r"):
        full_matrices = True
    elif mode == "economic":
        full_matrices = False
    else:
        raise MeshjitValueError(f"Unsupported QR decomposition mode '{mode}'")
    (a,) = _inexact(a)
    q, r, *p = lax_linalg.qr(a, pivoting=pivoting, full_matrices=full_matrices)
    return ((r,) if mode == "r" else (q, r)) + tuple(p)


def qr_multiply(
    a,
    c,
    mode: str = "right",
    pivoting: bool = False,
    conjugate: bool = False,
    overwrite_a: bool = False,
    overwrite_c: bool = False,
):
    """(c @ Q, R) (mode 'right') or (Q @ c, R) (mode 'left') for a's economic QR; Q's
    conjugate with `conjugate`. A 1-D `c` is a row ('right') or a column ('left')."""
    if mode not in ("right", "left"):
        raise MeshjitValueError(f"mode must be 'right' or 'left', got {mode!r}")
    if pivoting:
        raise MeshjitNotImplementedError("qr_multiply(pivoting=True) is not supported")
    a, c = _inexact(a, c)
    onedim = aval_of(c).ndim == 1
    if onedim:
        c = c[:, None] if mode == "left" else c[None, :]
    q, r = lax_linalg.qr(a, full_matrices=False)
    q = jnp.conj(q) if conjugate else q
    k = aval_of(q).shape[-1]
    expected, got = (
        (k, aval_of(c).shape[-2])
        if mode == "left"
        else (aval_of(q).shape[-2], aval_of(c).shape[-1])
    )
    if got != expected:
        raise MeshjitValueError(
            f"qr_multiply: c of shape {aval_of(c).shape} does not fit Q of shape "
            f"{aval_of(q).shape} (mode {mode!r})"
        )
    out = jnp.matmul(q, c) if mode == "left" else jnp.matmul(c, q)
    if onedim:
        out = out[..., 0] if mode == "left" else out[..., 0, :]
    return out, r


def polar(a, side: str = "right", *, method: str = "qdwh", eps=None, max_iterations=None):
    """(unitary, posdef) with a = unitary @ posdef ('right') or posdef @ unitary ('left'):
    by lax.linalg.qdwh, as JAX's (per matrix; only tall or square matrices on the right and
    wide ones on the left), or from the SVD."""
    if aval_of(jnp.asarray(a)).ndim < 2:
        raise MeshjitValueError("The input `a` must be at least a 2-D array.")
    if side not in ("right", "left"):
        raise MeshjitValueError("The argument `side` must be either 'right' or 'left'.")
    if method not in ("qdwh", "svd"):
        raise MeshjitValueError(f"Unknown polar decomposition method {method}.")
    (a,) = _inexact(a)
    if method == "qdwh":
        sig = "(m,n)->(m,n),(n,n)" if side == "right" else "(m,n)->(m,n),(m,m)"
        return vectorize(lambda x: _polar_by_qdwh(x, side, eps), signature=sig)(a)
    u, s, vh = lax_linalg.svd(a, full_matrices=False)
    unitary = jnp.matmul(u, vh)
    if side == "right":
        vh_h = jnp.conj(jnp.swapaxes(vh, -1, -2))
        posdef = jnp.matmul(vh_h * s[..., None, :], vh)
    else:
        u_h = jnp.conj(jnp.swapaxes(u, -1, -2))
        posdef = jnp.matmul(u * s[..., None, :], u_h)
    return unitary, posdef


def _polar_by_qdwh(a, side: str, eps):
    """JAX's: a tall (or square) matrix on the right, a wide one on the left (its adjoint's)."""
    m, n = aval_of(a).shape
    if (m >= n) != (side == "right"):
        raise MeshjitNotImplementedError(
            "method='qdwh' only supports mxn matrices where m < n where side='right' and m >= "
            f"n side='left', got {(m, n)} with side={side!r}"
        )
    if side == "right":
        return qdwh(a, eps=eps)[:2]
    unitary, posdef, _, _ = qdwh(jnp.conj(a.T), eps=eps)
    return jnp.conj(unitary.T), jnp.conj(posdef.T)


def solve(
    a,
    b,
    lower: bool = False,
    overwrite_a: bool = False,
    overwrite_b: bool = False,
    debug: bool = False,
    check_finite: bool = True,
    assume_a: str = "gen",
):
    """x with a @ x = b; `assume_a='pos'` solves through a Cholesky factor."""
    valid = ["gen", "sym", "her", "pos"]
    if assume_a not in valid:
        raise MeshjitValueError(f"Expected assume_a to be one of {valid}; got {assume_a!r}")
    if assume_a != "pos":
        return jnp_linalg.solve(a, b)
    a, b = _inexact(a, b)
    a, b, vector = _against_matrices("solve", a, b)
    return _columns_back(_pos_solve(a, b, bool(lower)), vector)


def _cho_solve_columns(a, b, lower):
    c = cholesky(a, lower=lower)
    b = lax_linalg.triangular_solve(c, b, left_side=True, lower=lower, transpose_a=not lower)
    return lax_linalg.triangular_solve(c, b, left_side=True, lower=lower, transpose_a=lower)


# As JAX's custom_linear_solve: x = a^-1 b differentiates as the solve of a general matrix
# (dx = a^-1 (db - da x)), not through the one triangle the Cholesky factor reads.
_pos_solve = custom_jvp(_cho_solve_columns, nondiff_argnums=(2,))


@_pos_solve.defjvp
def _pos_solve_jvp(lower, primals, tangents):
    (a, b), (da, db) = primals, tangents
    x = _cho_solve_columns(a, b, lower)
    return x, _cho_solve_columns(a, db - jnp.matmul(da, x), lower)


# ---------------------------------------------------------------------------------------------
# expm: JAX's scaling and squaring with Pade approximants (orders 3, 5, 7 for float32, up to 13
# for float64), batched by selecting per matrix where JAX switches (lax.switch / cond under its
# vmap select the same way), so each matrix gets the numbers JAX's branch computes.

_PADE = {
    3: (120.0, 60.0, 12.0, 1.0),
    5: (30240.0, 15120.0, 3360.0, 420.0, 30.0, 1.0),
    7: (17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0, 1.0),
    9: (
        17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0, 2162160.0,
        110880.0, 3960.0, 90.0, 1.0,
    ),
    13: (
        6.476475253248e16, 3.238237626624e16, 7771770303897600.0, 1187353796428800.0,
        129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
        40840800.0, 960960.0, 16380.0, 182.0, 1.0,
    ),
}  # fmt: skip
# (the largest 1-norm each order is accurate for, the scaling norm) per dtype, as JAX
_ORDERS = {
    np.dtype(np.float32): ((3, 5, 7), (0.4258730016922831, 1.880152677804762), 3.92572478313866),
    np.dtype(np.float64): (
        (3, 5, 7, 9, 13),
        (0.01495585217958292, 0.253939833006323, 0.9504178996162932, 2.097847961257068),
        5.371920351148152,
    ),
}


def _pade(a, order):
    """(U, V): the odd and even parts of the order-`order` Pade approximant's numerator."""
    b = _PADE[order]
    eye = jnp.broadcast_to(jnp.eye(a.shape[-1], dtype=a.dtype), a.shape)
    a2 = jnp.matmul(a, a)
    if order == 13:
        a4 = jnp.matmul(a2, a2)
        a6 = jnp.matmul(a4, a2)
        inner_u = jnp.matmul(a6, b[13] * a6 + b[11] * a4 + b[9] * a2)
        u = jnp.matmul(a, inner_u + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye)
        inner_v = jnp.matmul(a6, b[12] * a6 + b[10] * a4 + b[8] * a2)
        return u, inner_v + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye
    powers = [eye, a2]
    while len(powers) <= order // 2:
        powers.append(jnp.matmul(powers[-1], a2) if len(powers) > 2 else jnp.matmul(a2, a2))
    odd = sum(b[2 * k + 1] * powers[k] for k in range(1, order // 2 + 1)) + b[1] * eye
    even = sum(b[2 * k] * powers[k] for k in range(1, order // 2 + 1)) + b[0] * eye
    return jnp.matmul(a, odd), even


def expm(A, *, upper_triangular: bool = False, max_squarings: int = 16):
    """The matrix exponential of the square matrices `A` (..., n, n)."""
    (a,) = _inexact(A)
    shape = aval_of(a).shape
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise MeshjitValueError(
            f"Expected A to be a (batched) square matrix, got A.shape={shape!r}."
        )
    # complex64 / complex128 take float32's / float64's orders, as JAX's
    orders, conds, maxnorm = _ORDERS[dtypes.real_dtype(aval_of(a).dtype)]
    norm1 = jnp_linalg.norm(a, 1, axis=(-2, -1))
    n_squarings = jnp.maximum(0, jnp.floor(jnp.log2(norm1 / maxnorm)))
    a = a / (2 ** n_squarings.astype(a.dtype))[..., None, None]
    which = jnp.digitize(norm1, jnp.array(conds, dtype=norm1.dtype))[..., None, None]
    u = v = None
    for i, order in enumerate(orders):
        ui, vi = _pade(a, order)
        u = ui if u is None else jnp.where(which == i, ui, u)
        v = vi if v is None else jnp.where(which == i, vi, v)
    p, q = u + v, -u + v
    r = solve_triangular(q, p) if upper_triangular else jnp_linalg.solve(q, p)

    def square(x, i):
        return jnp.where((i < n_squarings)[..., None, None], jnp.matmul(x, x), x), None

    r, _ = lax.scan(square, r, jnp.arange(max_squarings, dtype=n_squarings.dtype))
    too_big = (n_squarings > max_squarings)[..., None, None]
    return jnp.where(too_big, np.array(np.nan, aval_of(r).dtype), r)


def expm_frechet(A, E, *, method=None, compute_expm: bool = True):
    """The Frechet derivative of expm at A in the direction E (the jvp of expm), with expm(A)
    first when `compute_expm`."""
    a, e = jnp.asarray(A), jnp.asarray(E)
    if a.ndim < 2 or a.shape[-2] != a.shape[-1]:
        raise MeshjitValueError(
            f"expected A to be a (batched) square matrix, got A.shape={a.shape}"
        )
    if e.ndim < 2 or e.shape[-2] != e.shape[-1]:
        raise MeshjitValueError(
            f"expected E to be a (batched) square matrix, got E.shape={e.shape}"
        )
    if a.shape != e.shape:
        raise MeshjitValueError(
            f"expected A and E to be the same shape, got A.shape={a.shape} E.shape={e.shape}"
        )
    expm_a, frechet = _expm_jvp(a, e)
    return (expm_a, frechet) if compute_expm else frechet


@jit
def _expm_jvp(a, e):
    return jvp(lambda x: expm(x, upper_triangular=False, max_squarings=16), (a,), (e,))
