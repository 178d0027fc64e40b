"""`jax.experimental.ode.odeint`: the adaptive Dormand-Prince (5th order, embedded 4th order
error estimate) Runge-Kutta solver, outputs interpolated by its dense 4th-order polynomial, and
gradients by the adjoint method (the augmented system integrated backwards in time), all as
JAX computes them, so results agree with JAX's.

Layout of the state: the pytree y0 raveled to one vector (`ravel_pytree`); the solver runs on
that vector and the outputs are unraveled along a leading time axis."""

from __future__ import annotations

import functools
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.api import vjp
from meshjit.compiler.ad.custom_derivatives import custom_vjp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.flatten_util import ravel_pytree
from meshjit.compiler.tree_util import tree_leaves, tree_map

__all__ = ["odeint"]

# The Dormand-Prince tableau: stage times, stage weights, the 5th-order solution's weights and
# the difference to the embedded 4th-order one (the local error estimate).
_ALPHA = [1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0, 0]
_BETA = [
    [1 / 5, 0, 0, 0, 0, 0, 0],
    [3 / 40, 9 / 40, 0, 0, 0, 0, 0],
    [44 / 45, -56 / 15, 32 / 9, 0, 0, 0, 0],
    [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729, 0, 0, 0],
    [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656, 0, 0],
    [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0],
]
_C_SOL = [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0]
_C_ERROR = [
    35 / 384 - 1951 / 21600,
    0,
    500 / 1113 - 22642 / 50085,
    125 / 192 - 451 / 720,
    -2187 / 6784 - -12231 / 42400,
    11 / 84 - 649 / 6300,
    -1.0 / 60.0,
]
# Weights of the stages for the solution at the step's midpoint (dense output).
_C_MID = [
    6025192743 / 30085553152 / 2,
    0,
    51252292925 / 65400821598 / 2,
    -2691868925 / 45128329728 / 2,
    187940372067 / 1594534317056 / 2,
    -1776094331 / 19743644256 / 2,
    11237099 / 235043384 / 2,
]


def odeint(func, y0, t, *args, rtol=1.4e-8, atol=1.4e-8, mxstep=np.inf, hmax=np.inf):
    """The solution of dy/dt = func(y, t, *args), y(t[0]) = y0, at the times `t` (strictly
    increasing floats): y0's structure with a leading axis of len(t). `rtol` / `atol`: the
    local error tolerances; `mxstep`: the most steps per output time; `hmax`: the largest step."""
    for arg in tree_leaves(args):
        if not _is_array_like(arg):
            raise MeshjitTypeError(
                f"The contents of odeint *args must be arrays or scalars, but got {arg}."
            )
    t = jnp.asarray(t)
    if not jnp.issubdtype(t.dtype, jnp.floating):
        raise MeshjitTypeError(f"t must be an array of floats, but got {t}.")
    return _odeint_raveled(func, rtol, atol, mxstep, hmax, y0, t, *args)


def _is_array_like(x) -> bool:
    return hasattr(x, "dtype") or isinstance(x, (bool, int, float, complex, np.generic))


@functools.partial(jit, static_argnums=(0, 1, 2, 3, 4))
def _odeint_raveled(func, rtol, atol, mxstep, hmax, y0, ts, *args):
    flat_y0, unravel = ravel_pytree(y0)

    def flat_func(y, t, *args):
        return ravel_pytree(func(unravel(y), t, *args))[0]

    out = _solve(flat_func, rtol, atol, mxstep, hmax, flat_y0, ts, *args)
    return vmap(unravel)(out)


def _fourth_order_fit(y0, y1, y_mid, dy0, dy1, dt):
    """Coefficients (a, b, c, d, e) of the quartic through the step's ends and midpoint with the
    ends' slopes, in the step's relative time."""
    dt = dt.astype(y0.dtype)
    a = -2.0 * dt * dy0 + 2.0 * dt * dy1 - 8.0 * y0 - 8.0 * y1 + 16.0 * y_mid
    b = 5.0 * dt * dy0 - 3.0 * dt * dy1 + 18.0 * y0 + 14.0 * y1 - 32.0 * y_mid
    c = -4.0 * dt * dy0 + dt * dy1 - 11.0 * y0 - 5.0 * y1 + 16.0 * y_mid
    return a, b, c, dt * dy0, y0


def _dense_output(y0, y1, k, dt):
    y_mid = y0 + dt.astype(y0.dtype) * jnp.dot(jnp.array(_C_MID, dtype=y0.dtype), k)
    return jnp.asarray(_fourth_order_fit(y0, y1, y_mid, k[0], k[-1], dt))


def _first_step(fun, t0, y0, order, rtol, atol, f0):
    """Hairer, Norsett and Wanner's starting step size."""
    scale = atol + jnp.abs(y0) * rtol
    d0 = jnp.linalg.norm(y0 / scale.astype(y0.dtype))
    d1 = jnp.linalg.norm(f0 / scale.astype(y0.dtype))
    h0 = jnp.where((d0 < 1e-5) | (d1 < 1e-5), 1e-6, 0.01 * d0 / d1)
    f1 = fun(y0 + h0.astype(y0.dtype) * f0, t0 + h0)
    d2 = jnp.linalg.norm((f1 - f0) / scale.astype(y0.dtype)) / h0
    h1 = jnp.where(
        (d1 <= 1e-15) & (d2 <= 1e-15),
        jnp.maximum(1e-6, h0 * 1e-3),
        (0.01 / jnp.maximum(d1, d2)) ** (1.0 / (order + 1.0)),
    )
    return jnp.minimum(100.0 * h0, h1)


def _dormand_prince_step(func, y0, f0, t0, dt):
    """One step: (y1, f1 = func(y1, t0 + dt), the error estimate, the 7 stages)."""
    alpha = jnp.array(_ALPHA, dtype=dt.dtype)
    beta = jnp.array(_BETA, dtype=f0.dtype)
    step = dt.astype(f0.dtype)

    def stage(i, k):
        yi = y0 + step * jnp.dot(beta[i - 1, :], k)
        return k.at[i, :].set(func(yi, t0 + dt * alpha[i - 1]))

    k = jnp.zeros((7, f0.shape[0]), f0.dtype).at[0, :].set(f0)
    k = lax.fori_loop(1, 7, stage, k)
    y1 = step * jnp.dot(jnp.array(_C_SOL, dtype=f0.dtype), k) + y0
    error = step * jnp.dot(jnp.array(_C_ERROR, dtype=f0.dtype), k)
    return y1, k[-1], error, k


def _error_ratio(error, rtol, atol, y0, y1):
    tolerance = atol + rtol * jnp.maximum(jnp.abs(y0), jnp.abs(y1))
    ratio = error / tolerance.astype(error.dtype)
    squared = ratio.real**2 + ratio.imag**2 if jnp.iscomplexobj(ratio) else ratio**2
    return jnp.sqrt(jnp.mean(squared))


def _next_step(last, ratio, safety=0.9, ifactor=10.0, dfactor=0.2, order=5.0):
    dfactor = jnp.where(ratio < 1, 1.0, dfactor)
    factor = jnp.minimum(ifactor, jnp.maximum(ratio ** (-1.0 / order) * safety, dfactor))
    return jnp.where(ratio == 0, last * ifactor, last * factor)


@functools.partial(custom_vjp, nondiff_argnums=(0, 1, 2, 3, 4))
def _solve(func, rtol, atol, mxstep, hmax, y0, ts, *args):
    def f(y, t):
        return func(y, t, *args)

    def to_time(carry, target):
        def not_there(state):
            i, _, _, t, dt, _, _ = state
            return (t < target) & (i < mxstep) & (dt > 0)

        def attempt(state):
            i, y, fy, t, dt, last_t, coeffs = state
            y1, f1, error, k = _dormand_prince_step(f, y, fy, t, dt)
            t1 = t + dt
            ratio = _error_ratio(error, rtol, atol, y, y1)
            new_coeffs = _dense_output(y, y1, k, dt)
            dt = jnp.clip(_next_step(dt, ratio), min=0.0, max=hmax)
            accepted = [i + 1, y1, f1, t1, dt, t, new_coeffs]
            rejected = [i + 1, y, fy, t, dt, last_t, coeffs]
            return [jnp.where(ratio <= 1.0, a, r) for a, r in zip(accepted, rejected)]

        _, *carry = lax.while_loop(not_there, attempt, [0, *carry])
        _, _, t, _, last_t, coeffs = carry
        relative = (target - last_t) / (t - last_t)
        return carry, jnp.polyval(coeffs, relative.astype(coeffs.dtype))

    f0 = f(y0, ts[0])
    dt = jnp.clip(_first_step(f, ts[0], y0, 4, rtol, atol, f0), min=0.0, max=hmax)
    init = [y0, f0, ts[0], dt, ts[0], jnp.array([y0] * 5)]
    _, ys = lax.scan(to_time, init, ts[1:])
    return jnp.concatenate((y0[None], ys))


def _solve_fwd(func, rtol, atol, mxstep, hmax, y0, ts, *args):
    ys = _solve(func, rtol, atol, mxstep, hmax, y0, ts, *args)
    return ys, (ys, ts, args)


def _solve_bwd(func, rtol, atol, mxstep, hmax, residuals, g):
    """The adjoint method: from the last time back to the first, the state, its cotangent and
    the arguments' cotangents integrated together backwards between consecutive output times."""
    ys, ts, args = residuals

    def augmented(state, minus_t, *args):
        y, y_bar, *_ = state
        y_dot, pullback = vjp(func, y, -minus_t, *args)
        return (-y_dot, *pullback(y_bar))

    def back_one(carry, i):
        y_bar, t0_bar, args_bar = carry
        t_bar = jnp.dot(func(ys[i], ts[i], *args), g[i]).real
        t0_bar = t0_bar - t_bar
        _, y_bar, t0_bar, args_bar = odeint(
            augmented,
            (ys[i], y_bar, t0_bar, args_bar),
            jnp.array([-ts[i], -ts[i - 1]]),
            *args,
            rtol=rtol,
            atol=atol,
            mxstep=mxstep,
            hmax=hmax,
        )
        y_bar, t0_bar, args_bar = tree_map(operator.itemgetter(1), (y_bar, t0_bar, args_bar))
        return (y_bar + g[i - 1], t0_bar, args_bar), t_bar

    init = (g[-1], 0.0, tree_map(jnp.zeros_like, args))
    (y_bar, t0_bar, args_bar), rev_ts_bar = lax.scan(back_one, init, jnp.arange(len(ts) - 1, 0, -1))
    ts_bar = jnp.concatenate([jnp.array([t0_bar]), rev_ts_bar[::-1]])
    return (y_bar, ts_bar, *args_bar)


_solve.defvjp(_solve_fwd, _solve_bwd)
