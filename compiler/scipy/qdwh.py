"""lax.linalg.qdwh: the polar decomposition x = u h by the QR-based dynamically weighted Halley
iteration, on JAX 0.10.2's schedule (so the iterates and the iteration count agree with JAX's
to rounding): x scaled by an estimate of its 2-norm, the weights (a, b, c) computed ahead in
Python from the lower bound eps of the smallest singular value, a QR step while c > 100 and a
Cholesky step after, then plain Halley steps (a, b, c) = (3, 1, 3) until the iterate stops
moving, and one Newton-Schulz step at the end."""

from __future__ import annotations

import functools
import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.jit.api import jit
from meshjit.compiler.lax import linalg as lax_linalg

_CHOLESKY_FROM = 100  # c at most this: the Cholesky step is accurate enough


def qdwh(x, *, is_hermitian: bool = False, max_iterations=None, eps=None, dynamic_shape=None):
    """`(u, h, num_iters, is_converged)`: x = u @ h with u's columns orthonormal and h
    Hermitian positive semidefinite, for a full-rank (M, N) x with M >= N; `eps` (default the
    dtype's) sets the tolerance, `max_iterations` (default 10) the iteration cap."""
    if dynamic_shape is not None:
        raise MeshjitNotImplementedError("qdwh: dynamic_shape (a padded input) is not supported")
    x = jnp.asarray(x)
    rows, cols = x.shape
    if rows < cols:
        raise MeshjitValueError("The input matrix of shape M x N must have M >= N.")
    max_iterations = 10 if max_iterations is None else int(max_iterations)
    eps = float(jnp.finfo(x.dtype).eps) if eps is None else eps
    return _qdwh(x, max_iterations=max_iterations, eps=eps)


def _schedule(eps: float, max_iterations: int):
    """The weights of the dynamically weighted steps until the lower bound of the smallest
    singular value reaches 1, computed in Python floats: the QR steps' ((a - e) / sqrt(c),
    sqrt(c), e) and the Cholesky steps' (a - e, c, e), for e = b / c."""
    bound, tol, qr_steps, cholesky_steps = eps, 5.0 * eps, [], []
    while bound + tol < 1 and len(qr_steps) + len(cholesky_steps) < max_iterations:
        b2 = bound * bound
        d = (4 * (1 / b2 - 1) / b2) ** (1 / 3)
        root = math.sqrt(1.0 + d)
        a = root + math.sqrt(2 - d + 2 * (2 - b2) / (b2 * root))
        b = (a - 1) ** 2 / 4
        c = a + b - 1
        bound = bound * (a + b * b2) / (1 + c * b2)
        if c > _CHOLESKY_FROM:
            qr_steps.append(((a - b / c) / c ** (1 / 2), c ** (1 / 2), b / c))
        else:
            cholesky_steps.append(_cholesky_weights(a, b, c))
    return qr_steps, cholesky_steps


def _cholesky_weights(a, b, c):
    return (a - b / c, c, b / c)


def _mH(x):
    return jnp.conj(x.T)


def _qr_step(u, weights):
    """u <- e u + (a - e) / sqrt(c) q1 q2^H for [sqrt(c) u; I] = [q1; q2] r."""
    scaled_gap, root, e = weights[0], weights[1], weights[2]
    rows, cols = u.shape
    stacked = jnp.concatenate([root * u, jnp.eye(cols, dtype=u.dtype)])
    q, _ = lax_linalg.qr(stacked, full_matrices=False)
    return e * u + scaled_gap * (q[:rows] @ _mH(q[rows:]))


def _cholesky_step(u, weights):
    """u <- e u + (a - e) u (c u^H u + I)^-1, through the Cholesky factor."""
    gap, c, e = weights[0], weights[1], weights[2]
    gram = c * (_mH(u) @ u) + jnp.eye(u.shape[1], dtype=u.dtype)
    factor = lax_linalg.cholesky(gram, symmetrize_input=False)
    solve = lambda rhs, **kw: lax_linalg.triangular_solve(
        factor, rhs, left_side=True, lower=True, conjugate_a=True, **kw
    )
    z = jnp.conj(solve(u.T))
    z = _mH(solve(z, transpose_a=True))
    return e * u + gap * z


def _steps(u, weights, step, tolerance):
    """`step` with each row of `weights` in turn; whether the last one still moved u."""
    if not weights:
        return u, np.bool_(True)
    table = jnp.asarray(np.array(weights), dtype=u.dtype)

    def body(i, state):
        u, _ = state
        new = step(u, table[i])
        moved = jnp.linalg.norm(new - u) > tolerance if tolerance is not None else np.bool_(True)
        return new, moved

    return lax.fori_loop(0, len(weights), body, (u, np.bool_(True)))


@functools.partial(jit, static_argnames=("max_iterations", "eps"))
def _qdwh(x, *, max_iterations: int, eps: float):
    one_norm, inf_norm = jnp.linalg.norm(x, ord=1), jnp.linalg.norm(x, ord=np.inf)
    scale = jnp.where(one_norm == 0, 1, lax.rsqrt(one_norm) * lax.rsqrt(inf_norm))
    u = x * scale.astype(x.dtype)
    tolerance = np.cbrt(5.0 * eps)
    qr_steps, cholesky_steps = _schedule(eps, max_iterations)
    u, _ = _steps(u, qr_steps, _qr_step, None)
    u, moving = _steps(u, cholesky_steps, _cholesky_step, tolerance)
    halley = _cholesky_weights(3, 1, 3)  # the limit of the weights: Halley's method

    def more(state):
        k, _, moving = state
        return jnp.logical_and(moving, k < max_iterations)

    def halley_step(state):
        k, u, _ = state
        new = _cholesky_step(u, halley)
        return k + 1, new, jnp.linalg.norm(new - u) > tolerance

    start = len(qr_steps) + len(cholesky_steps)
    iterations, u, moving = lax.while_loop(more, halley_step, (start, u, moving))
    u = 1.5 * u - 0.5 * u @ (_mH(u) @ u)  # a Newton-Schulz step
    h = _mH(u) @ x
    return u, (h + _mH(h)) / 2, iterations, jnp.logical_not(moving)


__all__ = ["qdwh"]
