"""More of numpy's polynomial functions, as JAX computes them: poly (from roots), polydiv (long
division) and polyfit (least squares on the scaled Vandermonde matrix). (roots needs a general
eigensolver, which meshjit does not have.)"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import ConcretizationError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy import elementwise as ew
from meshjit.compiler.numpy import linalg, reductions, shapes
from meshjit.compiler.numpy.creation import arange, array, asarray, ones, zeros
from meshjit.compiler.numpy.diagonals import diag
from meshjit.compiler.numpy.products import dot, outer
from meshjit.compiler.numpy.rearranging import roll
from meshjit.compiler.numpy.routines import convolve, vander
from meshjit.compiler.numpy.util import (
    aval_of,
    check_arraylike,
    check_coefficients,
    jitted_as_jax,
    promote_inexact,
)
from meshjit.compiler.trace.tracing import Tracer

__all__ = ["poly", "polydiv", "polyfit", "roots"]


@jitted_as_jax()
def poly(seq_of_zeros):
    """The coefficients (highest power first) of the monic polynomial with these roots."""
    check_arraylike("poly", seq_of_zeros)
    (zeros_,) = promote_inexact(asarray(seq_of_zeros))
    zeros_ = shapes.atleast_1d(zeros_)
    if zeros_.ndim == 2 and zeros_.shape[0] == zeros_.shape[1] != 0:
        zeros_ = linalg.eigvals(zeros_)  # a square matrix: its characteristic polynomial
    if zeros_.ndim != 1:
        raise MeshjitValueError("input must be 1d or non-empty square 2d array.")
    dtype = zeros_.dtype
    if zeros_.shape[0] == 0:
        return ones((), dtype=dtype)
    coefficients = ones((1,), dtype=dtype)
    one = ones((1,), dtype)
    for k in range(zeros_.shape[0]):  # times (x - z): convolving with [1, -z], as JAX
        factor = shapes.concatenate([one, shapes.reshape(-zeros_[k], (1,))])
        coefficients = convolve(coefficients, factor, mode="full")
    return coefficients


def roots(p, *, strip_zeros: bool = True):
    """The (complex) roots of the polynomial with coefficients `p` (highest power first): the
    eigenvalues of its companion matrix, as in JAX. Leading zeros are stripped (which needs a
    concrete `p`); with strip_zeros=False the roots they stand for are NaN, at the end."""
    check_arraylike("roots", p)
    (p,) = promote_inexact(asarray(p))
    p = shapes.atleast_1d(p)
    if p.ndim != 1:
        raise MeshjitValueError("Input must be a rank-1 array.")
    if p.shape[0] < 2:
        return array([], dtype=dtypes.default_complex)
    leading = ew.where(reductions.all(p == 0), p.shape[0], reductions.argmin(p == 0))
    if not strip_zeros:
        return _roots_with_zeros(p, leading)
    if isinstance(leading, Tracer):
        raise ConcretizationError(
            "The error occurred in the jnp.roots() function. To use this within a JIT-compiled "
            "context, pass strip_zeros=False, but be aware that leading zeros will result in "
            "some returned roots being set to NaN."
        )
    return _roots_no_zeros(p[int(leading) :])


def _roots_no_zeros(p):
    if p.shape[0] < 2:
        return array([], dtype=dtypes.default_complex)
    n = p.shape[0] - 1
    a = diag(ones((n - 1,), p.dtype), -1)
    a = a.at[0, :].set(-p[1:] / p[0])
    return linalg.eigvals(a)


def _roots_with_zeros(p, leading):
    n = p.shape[0]
    p = ew.where(leading == n, 1.0, p)  # all zeros: keep LAPACK away from an empty polynomial
    found = _roots_no_zeros(roll(p, -leading))
    found = lax.sort_key_val(found == 0, found)[1]  # zero roots to the end
    nan = np.array(complex(np.nan, np.nan), aval_of(found).dtype)
    return ew.where(arange(found.shape[0]) < found.shape[0] - leading, found, nan)


def polydiv(u, v, *, trim_leading_zeros: bool = False):
    """(quotient, remainder) of the polynomial u by v (the remainder keeps u's length)."""
    check_arraylike("polydiv", u, v)
    check_coefficients("polydiv", u, v)
    u, v = promote_inexact(asarray(u), asarray(v))
    m, n = u.shape[0] - 1, v.shape[0] - 1
    scale = 1.0 / v[0]
    q = zeros(max(m - n + 1, 1), dtype=u.dtype)
    for k in range(m - n + 1):
        d = scale * u[k]
        q = q.at[k].set(d)
        u = u.at[k : k + n + 1].add(-d * v)
    if trim_leading_zeros:  # concrete values only: the remainder's length depends on them
        u = _trim_leading(u, float(np.sqrt(dtypes.finfo(u.dtype).eps)))
    return q, u


def _trim_leading(p, tol):
    """`p` from its first coefficient of magnitude >= tol on (JAX's trim_zeros_tol)."""
    small = np.abs(np.asarray(p)) < tol
    if small.all():
        return zeros(0, aval_of(p).dtype)
    return p[int(np.argmin(small)) :]


def _check_fit_inputs(x, y, deg, w) -> None:
    if deg < 0:
        raise MeshjitValueError("expected deg >= 0")
    if x.ndim != 1:
        raise MeshjitTypeError("expected 1D vector for x")
    if x.size == 0:
        raise MeshjitTypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise MeshjitTypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise MeshjitTypeError("expected x and y to have same length")
    if w is not None and (w.ndim != 1 or w.shape[0] != y.shape[0]):
        raise MeshjitTypeError("expected a 1-d array for weights, as long as y")


def _covariance(lhs, scale, resids, n_points: int, order: int, cov, y_ndim: int):
    base = linalg.inv(dot(lhs.T, lhs)) / outer(scale, scale)
    if cov == "unscaled":
        fac = array(1.0)
    else:
        if n_points <= order:
            raise MeshjitValueError(
                "the number of data points must exceed order to scale the covariance matrix"
            )
        fac = resids / (n_points - order)
    if y_ndim == 1:
        return base * shapes.atleast_1d(fac)[None]
    return base[:, :, None] * shapes.atleast_1d(fac)[None, None, :]


def _float_dtype(x):
    dtype = aval_of(x).dtype
    return dtype if dtypes.is_float(dtype) else dtypes.default_float


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial coefficients (highest power first) of degree `deg`."""
    check_arraylike("polyfit", x, y) if w is None else check_arraylike("polyfit", x, y, w)
    x, y = asarray(x), asarray(y)
    w = None if w is None else promote_inexact(asarray(w))[0]
    deg = int(deg)
    _check_fit_inputs(x, y, deg, w)
    order = deg + 1
    if rcond is None:
        rcond = x.shape[0] * float(dtypes.finfo(_float_dtype(x)).eps)
    lhs, rhs = vander(x, order), y
    if w is not None:
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    scale = ew.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale[None, :]
    c, resids, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale[None, :]).T if c.ndim > 1 else c / scale
    if full:
        return c, resids, rank, s, asarray(rcond)
    if cov:
        return c, _covariance(lhs, scale, resids, x.shape[0], order, cov, y.ndim)
    return c
