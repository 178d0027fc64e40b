"""The strong-Wolfe line search JAX's BFGS uses (Nocedal & Wright, algorithms 3.5 and 3.6): a
bracketing loop whose every step may `zoom` into a bracket by cubic, quadratic or bisection
interpolation. Both loops run under lax.while_loop; each branch is taken by `jnp.where`, so the
counters and points are JAX's, step for step."""

from __future__ import annotations

from typing import NamedTuple

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.api import value_and_grad
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import promote_inexact


def dot(a, b):
    return jnp.dot(a, b, precision=lax.Precision.HIGHEST)


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    """The minimiser of the cubic through (a, fa) with slope fpa at a, (b, fb) and (c, fc)."""
    dtype = jnp.result_type(a, fa, fpa, b, fb, c, fc)
    db, dc = b - a, c - a
    denom = (db * dc) ** 2 * (db - dc)
    d1 = jnp.array([[dc**2, -(db**2)], [-(dc**3), db**3]], dtype=dtype)
    d2 = jnp.array([fb - fa - fpa * db, fc - fa - fpa * dc], dtype=dtype)
    big_a, big_b = dot(d1, d2) / denom
    radical = big_b * big_b - 3.0 * big_a * fpa
    return a + (-big_b + jnp.sqrt(radical)) / (3.0 * big_a)


def _quadmin(a, fa, fpa, b, fb):
    """The minimiser of the parabola through (a, fa) with slope fpa at a, and (b, fb)."""
    db = b - a
    big_b = (fb - fa - fpa * db) / (db**2)
    return a - fpa / (2.0 * big_b)


def replace_where(pred, state, **new):
    """`state` with the fields in `new` taken where `pred` holds."""
    return state._replace(**{k: jnp.where(pred, v, getattr(state, k)) for k, v in new.items()})


class _Problem(NamedTuple):
    """phi(t) = f(x + t p) along the search direction, and the two Wolfe conditions."""

    phi_and_grad: object
    phi_0: object
    dphi_0: object
    c1: float
    c2: float

    def sufficient_decrease_fails(self, a, phi):
        return phi > self.phi_0 + self.c1 * a * self.dphi_0

    def curvature_holds(self, dphi):
        return jnp.abs(dphi) <= -self.c2 * self.dphi_0


# ---------------------------------------------------------------------------------------------
# zoom


class _ZoomState(NamedTuple):
    done: object
    failed: object
    j: object
    a_lo: object
    phi_lo: object
    dphi_lo: object
    a_hi: object
    phi_hi: object
    dphi_hi: object
    a_rec: object
    phi_rec: object
    a_star: object
    phi_star: object
    dphi_star: object
    g_star: object
    nfev: object
    ngev: object


def _trial_point(s: _ZoomState):
    """The next trial step: cubic, else quadratic, else bisection; and whether the bracket
    became too small."""
    dalpha = s.a_hi - s.a_lo
    lo, hi = jnp.minimum(s.a_hi, s.a_lo), jnp.maximum(s.a_hi, s.a_lo)
    cchk, qchk = 0.2 * dalpha, 0.1 * dalpha
    threshold = 1e-5 if dtypes.finfo(dalpha.dtype).bits < 64 else 1e-10
    cubic = _cubicmin(s.a_lo, s.phi_lo, s.dphi_lo, s.a_hi, s.phi_hi, s.a_rec, s.phi_rec)
    use_cubic = (s.j > 0) & (cubic > lo + cchk) & (cubic < hi - cchk)
    quad = _quadmin(s.a_lo, s.phi_lo, s.dphi_lo, s.a_hi, s.phi_hi)
    use_quad = (~use_cubic) & (quad > lo + qchk) & (quad < hi - qchk)
    a_j = jnp.where(use_cubic, cubic, s.a_rec)
    a_j = jnp.where(use_quad, quad, a_j)
    a_j = jnp.where((~use_cubic) & (~use_quad), (s.a_lo + s.a_hi) / 2.0, a_j)
    return a_j, dalpha <= threshold


def _zoom_step(problem: _Problem, s: _ZoomState) -> _ZoomState:
    a_j, too_small = _trial_point(s)
    s = s._replace(failed=s.failed | too_small)
    phi_j, dphi_j, g_j = problem.phi_and_grad(a_j)
    phi_j = phi_j.astype(s.phi_lo.dtype)
    dphi_j = dphi_j.astype(s.dphi_lo.dtype)
    g_j = g_j.astype(s.g_star.dtype)
    s = s._replace(nfev=s.nfev + 1, ngev=s.ngev + 1)
    hi_to_j = problem.sufficient_decrease_fails(a_j, phi_j) | (phi_j >= s.phi_lo)
    star_to_j = problem.curvature_holds(dphi_j) & (~hi_to_j)
    hi_to_lo = (dphi_j * (s.a_hi - s.a_lo) >= 0.0) & (~hi_to_j) & (~star_to_j)
    lo_to_j = (~hi_to_j) & (~star_to_j)
    s = replace_where(
        hi_to_j, s, a_hi=a_j, phi_hi=phi_j, dphi_hi=dphi_j, a_rec=s.a_hi, phi_rec=s.phi_hi
    )
    s = replace_where(star_to_j, s, a_star=a_j, phi_star=phi_j, dphi_star=dphi_j, g_star=g_j)
    s = s._replace(done=star_to_j | s.done)
    s = replace_where(
        hi_to_lo, s, a_hi=s.a_lo, phi_hi=s.phi_lo, dphi_hi=s.dphi_lo, a_rec=s.a_hi, phi_rec=s.phi_hi
    )
    s = replace_where(lo_to_j & ~hi_to_lo, s, a_rec=s.a_lo, phi_rec=s.phi_lo)
    s = replace_where(lo_to_j, s, a_lo=a_j, phi_lo=phi_j, dphi_lo=dphi_j)
    return s._replace(j=s.j + 1, failed=s.failed | (s.j + 1 >= 30))


def _zoom(problem: _Problem, lo, hi, g_0, pass_through) -> _ZoomState:
    (a_lo, phi_lo, dphi_lo), (a_hi, phi_hi, dphi_hi) = lo, hi
    state = _ZoomState(
        done=False,
        failed=False,
        j=0,
        a_lo=a_lo,
        phi_lo=phi_lo,
        dphi_lo=dphi_lo,
        a_hi=a_hi,
        phi_hi=phi_hi,
        dphi_hi=dphi_hi,
        a_rec=(a_lo + a_hi) / 2.0,
        phi_rec=(phi_lo + phi_hi) / 2.0,
        a_star=1.0,
        phi_star=phi_lo,
        dphi_star=dphi_lo,
        g_star=g_0,
        nfev=0,
        ngev=0,
    )
    return lax.while_loop(
        lambda s: (~s.done) & (~pass_through) & (~s.failed),
        lambda s: _zoom_step(problem, s),
        state,
    )


# ---------------------------------------------------------------------------------------------
# The bracketing loop.


class _LineSearchState(NamedTuple):
    done: object
    failed: object
    i: object
    a_i1: object
    phi_i1: object
    dphi_i1: object
    nfev: object
    ngev: object
    a_star: object
    phi_star: object
    dphi_star: object
    g_star: object


class LineSearchResults(NamedTuple):
    failed: object
    nit: object
    nfev: object
    ngev: object
    k: object
    a_k: object
    f_k: object
    g_k: object
    status: object


_STAR = ("a_star", "phi_star", "dphi_star", "g_star")


def _take_zoom(pred, s: _LineSearchState, zoom: _ZoomState) -> _LineSearchState:
    s = replace_where(pred, s, **{k: getattr(zoom, k) for k in _STAR})
    return s._replace(done=pred | s.done, failed=(pred & zoom.failed) | s.failed)


def _bracket_step(problem: _Problem, start_value, g_0, s: _LineSearchState):
    a_i = jnp.where(s.i == 1, start_value, s.a_i1 * 2.0)
    phi_i, dphi_i, g_i = problem.phi_and_grad(a_i)
    s = s._replace(nfev=s.nfev + 1, ngev=s.ngev + 1)
    to_zoom1 = problem.sufficient_decrease_fails(a_i, phi_i) | ((phi_i >= s.phi_i1) & (s.i > 1))
    to_i = problem.curvature_holds(dphi_i) & (~to_zoom1)
    to_zoom2 = (dphi_i >= 0.0) & (~to_zoom1) & (~to_i)
    previous, current = (s.a_i1, s.phi_i1, s.dphi_i1), (a_i, phi_i, dphi_i)
    zoom1 = _zoom(problem, previous, current, g_0, ~to_zoom1)
    s = s._replace(nfev=s.nfev + zoom1.nfev, ngev=s.ngev + zoom1.ngev)
    zoom2 = _zoom(problem, current, previous, g_0, ~to_zoom2)
    s = s._replace(nfev=s.nfev + zoom2.nfev, ngev=s.ngev + zoom2.ngev)
    s = _take_zoom(to_zoom1, s, zoom1)
    s = replace_where(to_i, s, a_star=a_i, phi_star=phi_i, dphi_star=dphi_i, g_star=g_i)
    s = s._replace(done=to_i | s.done)
    s = _take_zoom(to_zoom2, s, zoom2)
    return s._replace(i=s.i + 1, a_i1=a_i, phi_i1=phi_i, dphi_i1=dphi_i)


def _restricted(f, xk, pk):
    def phi_and_grad(t):
        t = jnp.array(t, dtype=pk.dtype)
        phi, g = value_and_grad(f)(xk + t * pk)
        return phi, jnp.real(dot(g, pk)), g

    return phi_and_grad


def _start_value(phi_0, old_old_fval, dphi_0):
    if old_old_fval is None:
        return 1
    candidate = 1.01 * 2 * (phi_0 - old_old_fval) / dphi_0
    return jnp.where(candidate > 1, 1.0, candidate)


def _results(s: _LineSearchState, maxiter: int) -> LineSearchResults:
    status = jnp.where(s.failed, jnp.array(1), jnp.where(s.i > maxiter, jnp.array(3), jnp.array(0)))
    alpha = jnp.asarray(s.a_star)
    tiny = (dtypes.finfo(alpha.dtype).bits != 64) & (jnp.abs(alpha) < 1e-8)
    alpha = jnp.where(tiny, jnp.sign(alpha) * 1e-8, alpha)
    return LineSearchResults(
        failed=s.failed | (~s.done),
        nit=s.i - 1,
        nfev=s.nfev,
        ngev=s.ngev,
        k=s.i,
        a_k=alpha,
        f_k=s.phi_star,
        g_k=s.g_star,
        status=status,
    )


def line_search(f, xk, pk, old_fval=None, old_old_fval=None, gfk=None, c1=1e-4, c2=0.9, maxiter=20):
    """A step along `pk` from `xk` meeting the strong Wolfe conditions (JAX's line_search)."""
    xk, pk = promote_inexact(jnp.asarray(xk), jnp.asarray(pk))
    phi_and_grad = _restricted(f, xk, pk)
    evaluated = old_fval is None or gfk is None
    if evaluated:
        phi_0, dphi_0, gfk = phi_and_grad(0)
    else:
        phi_0, dphi_0 = old_fval, jnp.real(dot(gfk, pk))
    problem = _Problem(phi_and_grad, phi_0, dphi_0, c1, c2)
    start_value = _start_value(phi_0, old_old_fval, dphi_0)
    state = _LineSearchState(
        done=jnp.array(False, dtype=bool),
        failed=jnp.array(False, dtype=bool),
        i=1,
        a_i1=0.0,
        phi_i1=phi_0,
        dphi_i1=dphi_0,
        nfev=int(evaluated),
        ngev=int(evaluated),
        a_star=0.0,
        phi_star=phi_0,
        dphi_star=dphi_0,
        g_star=gfk,
    )
    state = lax.while_loop(
        lambda s: (~s.done) & (s.i <= maxiter) & (~s.failed),
        lambda s: _bracket_step(problem, start_value, gfk, s),
        state,
    )
    return _results(state, maxiter)
