"""BFGS as JAX's `minimize_bfgs`: the inverse Hessian estimate updated after each strong-Wolfe
line search, the whole loop one lax.while_loop."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.api import value_and_grad
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.scipy.optimize.line_search import dot, line_search


class BFGSResults(NamedTuple):
    converged: object
    failed: object
    k: object
    nfev: object
    ngev: object
    nhev: object
    x_k: object
    f_k: object
    g_k: object
    H_k: object
    old_old_fval: object
    status: object
    line_search_status: object


def _updated_inverse_hessian(h, s, y):
    """The BFGS update of the inverse Hessian `h` by the step `s` and gradient change `y` (kept
    when the curvature y.s is 0)."""
    rho = jnp.reciprocal(dot(y, s))
    w = jnp.eye(s.shape[0], dtype=rho.dtype) - rho * (s[:, None] * y[None, :])
    updated = jnp.einsum("ij,jk,lk", w, h, w, precision=lax.Precision.HIGHEST)
    updated = updated + rho * s[:, None] * s[None, :]
    return jnp.where(jnp.isfinite(rho), updated, h)


def _step(fun, norm, gtol, line_search_maxiter, state: BFGSResults) -> BFGSResults:
    p_k = -dot(state.H_k, state.g_k)
    ls = line_search(
        fun,
        state.x_k,
        p_k,
        old_fval=state.f_k,
        old_old_fval=state.old_old_fval,
        gfk=state.g_k,
        maxiter=line_search_maxiter,
    )
    s_k = ls.a_k * p_k
    return state._replace(
        nfev=state.nfev + ls.nfev,
        ngev=state.ngev + ls.ngev,
        failed=ls.failed,
        line_search_status=ls.status,
        converged=jnp_linalg.norm(ls.g_k, ord=norm) < gtol,
        k=state.k + 1,
        x_k=state.x_k + s_k,
        f_k=ls.f_k,
        g_k=ls.g_k,
        H_k=_updated_inverse_hessian(state.H_k, s_k, ls.g_k - state.g_k),
        old_old_fval=state.f_k,
    )


def _status(state: BFGSResults, maxiter: int):
    """0 converged, 1 out of iterations, 2 + the line search's status when it failed, else -1."""
    failed = jnp.where(state.failed, 2 + state.line_search_status, -1)
    return jnp.where(state.converged, 0, jnp.where(state.k == maxiter, 1, failed))


def minimize_bfgs(fun, x0, maxiter=None, norm=np.inf, gtol=1e-5, line_search_maxiter=10):
    if maxiter is None:
        maxiter = np.size(x0) * 200
    f_0, g_0 = value_and_grad(fun)(x0)
    state = BFGSResults(
        converged=jnp_linalg.norm(g_0, ord=norm) < gtol,
        failed=False,
        k=0,
        nfev=1,
        ngev=1,
        nhev=0,
        x_k=x0,
        f_k=f_0,
        g_k=g_0,
        H_k=jnp.eye(x0.shape[0], dtype=x0.dtype),
        old_old_fval=f_0 + jnp_linalg.norm(g_0) / 2,
        status=0,
        line_search_status=0,
    )
    state = lax.while_loop(
        lambda s: jnp.logical_not(s.converged) & jnp.logical_not(s.failed) & (s.k < maxiter),
        lambda s: _step(fun, norm, gtol, line_search_maxiter, s),
        state,
    )
    return state._replace(status=_status(state, maxiter))
