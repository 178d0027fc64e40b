"""L-BFGS as JAX's experimental `_minimize_lbfgs`: the inverse Hessian applied by the two-loop
recursion over the last `maxcor` steps, each step a strong-Wolfe line search, one while_loop."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.api import value_and_grad
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.scipy.optimize.line_search import dot, line_search


class LBFGSResults(NamedTuple):
    converged: object
    failed: object
    k: object
    nfev: object
    ngev: object
    x_k: object
    f_k: object
    g_k: object
    s_history: object
    y_history: object
    rho_history: object
    gamma: object
    status: object
    ls_status: object


def _two_loop_recursion(state: LBFGSResults):
    dtype = state.rho_history.dtype
    size = state.rho_history.shape[0]
    used = jnp.where(state.k < size, state.k, size)

    def backward(j, carry):
        q, alphas = carry
        i = size - 1 - j
        a_i = state.rho_history[i] * dot(jnp.conj(state.s_history[i]), q).real.astype(dtype)
        return q - a_i * jnp.conj(state.y_history[i]), alphas.at[i].set(a_i)

    q, alphas = lax.fori_loop(
        0, used, backward, (-jnp.conj(state.g_k), jnp.zeros_like(state.rho_history))
    )

    def forward(j, q):
        i = size - used + j
        b_i = state.rho_history[i] * dot(state.y_history[i], q).real.astype(dtype)
        return q + (alphas[i] - b_i) * state.s_history[i]

    return lax.fori_loop(0, used, forward, state.gamma * q)


def _pushed(history, new):
    """The history with its oldest entry dropped and `new` last."""
    return jnp.roll(history, -1, axis=0).at[-1].set(new)


def _status(state, f_kp1, ls_failed, limits):
    maxiter, maxfun, maxgrad, ftol = limits
    status = jnp.array(0)
    status = jnp.where(state.f_k - f_kp1 < ftol, 4, status)
    status = jnp.where(state.ngev >= maxgrad, 3, status)
    status = jnp.where(state.nfev >= maxfun, 2, status)
    status = jnp.where(state.k >= maxiter, 1, status)
    return jnp.where(ls_failed, 5, status)


def _step(fun, norm, gtol, maxls, limits, state: LBFGSResults) -> LBFGSResults:
    p_k = _two_loop_recursion(state)
    ls = line_search(fun, state.x_k, p_k, old_fval=state.f_k, gfk=state.g_k, maxiter=maxls)
    s_k = jnp.asarray(ls.a_k).astype(p_k.dtype) * p_k
    y_k = ls.g_k - state.g_k
    rho_k_inv = jnp.real(dot(y_k, s_k))
    gamma = rho_k_inv / jnp.real(dot(jnp.conj(y_k), y_k))
    status = _status(state, ls.f_k, ls.failed, limits)
    converged = jnp_linalg.norm(ls.g_k, ord=norm) < gtol
    return state._replace(
        converged=converged,
        failed=(status > 0) & (~converged),
        k=state.k + 1,
        nfev=state.nfev + ls.nfev,
        ngev=state.ngev + ls.ngev,
        x_k=(state.x_k + s_k).astype(state.x_k.dtype),
        f_k=ls.f_k.astype(state.f_k.dtype),
        g_k=ls.g_k.astype(state.g_k.dtype),
        s_history=_pushed(state.s_history, s_k),
        y_history=_pushed(state.y_history, y_k),
        rho_history=_pushed(state.rho_history, jnp.reciprocal(rho_k_inv).astype(y_k.dtype)),
        gamma=gamma.astype(state.g_k.dtype),
        status=jnp.where(converged, 0, status),
        ls_status=ls.status,
    )


def minimize_lbfgs(
    fun,
    x0,
    maxiter=None,
    norm=np.inf,
    maxcor=10,
    ftol=2.220446049250313e-09,
    gtol=1e-05,
    maxfun=None,
    maxgrad=None,
    maxls=20,
):
    d, dtype = x0.shape[0], x0.dtype
    if maxiter is None and maxfun is None and maxgrad is None:
        maxiter = d * 200
    limits = tuple(np.inf if v is None else v for v in (maxiter, maxfun, maxgrad)) + (ftol,)
    f_0, g_0 = value_and_grad(fun)(x0)
    state = LBFGSResults(
        converged=jnp.array(False, dtype=bool),
        failed=jnp.array(False, dtype=bool),
        k=0,
        nfev=1,
        ngev=1,
        x_k=x0,
        f_k=f_0,
        g_k=g_0,
        s_history=jnp.zeros((maxcor, d), dtype=dtype),
        y_history=jnp.zeros((maxcor, d), dtype=dtype),
        rho_history=jnp.zeros((maxcor,), dtype=dtype),
        gamma=1.0,
        status=0,
        ls_status=0,
    )
    return lax.while_loop(
        lambda s: (~s.converged) & (~s.failed),
        lambda s: _step(fun, norm, gtol, maxls, limits, s),
        state,
    )
