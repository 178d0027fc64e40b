"""meshjit.scipy.sparse.linalg: matrix-free Krylov solvers (cg, bicgstab, gmres) as JAX's.

`A` (and the preconditioner `M`) is a matrix or a function computing the product with one;
`b` and `x0` are arrays or pytrees of arrays. Each solver iterates in a `lax.while_loop` and is
wrapped in `lax.custom_linear_solve`, so its derivatives are solves with the same solver
(with `A` itself for cg, whose `A` is symmetric positive definite) rather than derivatives of
the iterations. They return `(x, info)`, `info` being None as in JAX."""

from __future__ import annotations

import functools

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_solvers import custom_linear_solve
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.numpy.flatten_util import ravel_pytree
from meshjit.compiler.tree_util import tree_leaves, tree_map, tree_structure

__all__ = ["bicgstab", "cg", "gmres"]

_HIGHEST = lax.Precision.HIGHEST


def _as_operator(A):
    """A function computing `A @ x` (of a pytree `x`, for a function)."""
    if callable(A):
        return A
    matrix = jnp.asarray(A)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise MeshjitValueError(
            f"linear operator must be a square matrix, but has shape: {matrix.shape}"
        )
    return lambda x: jnp.dot(matrix, x, precision=_HIGHEST)


def _identity(x):
    return x


def _vdot(x, y):
    """The sum over the leaves of vdot(x, y) (x conjugated)."""
    parts = [jnp.vdot(a, b, precision=_HIGHEST) for a, b in zip(tree_leaves(x), tree_leaves(y))]
    return functools.reduce(lax.add, parts)


def _norm2(x):
    return jnp.real(_vdot(x, x))


def _axpy(alpha, x, y):
    """alpha * x + y, leafwise."""
    return tree_map(lambda a, b: alpha * a + b, x, y)


def _sub(x, y):
    return tree_map(lambda a, b: a - b, x, y)


def _isolve(solver, A, b, x0, tol, atol, maxiter, M, symmetric, **options):
    if x0 is None:
        x0 = tree_map(jnp.zeros_like, b)
    b = tree_map(jnp.asarray, b)
    x0 = tree_map(jnp.asarray, x0)
    if tree_structure(x0) != tree_structure(b):
        raise MeshjitValueError(
            "x0 and b must have matching tree structure: "
            f"{tree_structure(x0)} vs {tree_structure(b)}"
        )
    shapes = lambda t: [leaf.shape for leaf in tree_leaves(t)]
    if shapes(x0) != shapes(b):
        raise MeshjitValueError(
            f"arrays in x0 and b must have matching shapes: {shapes(x0)} vs {shapes(b)}"
        )
    size = sum(leaf.size for leaf in tree_leaves(b))
    if maxiter is None:
        maxiter = 10 * size
    A = _as_operator(A)
    M = _identity if M is None else _as_operator(M)
    solve = functools.partial(
        solver, x0=x0, tol=tol, atol=atol, maxiter=maxiter, M=M, size=size, **options
    )
    real = all(not jnp.iscomplexobj(leaf) for leaf in tree_leaves(b))
    x = custom_linear_solve(
        A, b, solve=solve, transpose_solve=solve, symmetric=symmetric and real
    )
    return x, None


def _cg_solve(A, b, x0, *, tol, atol, maxiter, M, size):
    threshold = jnp.maximum(tol**2 * _norm2(b), atol**2)

    def cond(state):
        _, r, _, _, k = state
        return (_norm2(r) > threshold) & (k < maxiter)

    def body(state):
        x, r, gamma, p, k = state
        q = A(p)
        alpha = gamma / _vdot(p, q)
        x = _axpy(alpha, p, x)
        r = _axpy(-alpha, q, r)
        z = M(r)
        gamma_new = _vdot(r, z)
        p = _axpy(gamma_new / gamma, p, z)
        return x, r, gamma_new, p, k + 1

    r0 = _sub(b, A(x0))
    z0 = M(r0)
    state = (x0, r0, _vdot(r0, z0), z0, 0)
    return lax.while_loop(cond, body, state)[0]


def cg(A, b, x0=None, *, tol=1e-5, atol=0.0, maxiter=None, M=None):
    """Conjugate gradients for `A x = b`, `A` Hermitian positive definite (SciPy's cg)."""
    return _isolve(_cg_solve, A, b, x0, tol, atol, maxiter, M, symmetric=True)


def _bicgstab_solve(A, b, x0, *, tol, atol, maxiter, M, size):
    threshold = jnp.maximum(tol**2 * _norm2(b), atol**2)

    def cond(state):
        _, r, *_, k = state
        return (_norm2(r) > threshold) & (k < maxiter) & (k >= 0)

    def body(state):
        x, r, rhat, alpha, omega, rho, p, q, k = state
        rho_new = _vdot(rhat, r)
        beta = rho_new / rho * alpha / omega
        p = _axpy(beta, _axpy(-omega, q, p), r)
        phat = M(p)
        q = A(phat)
        alpha = rho_new / _vdot(rhat, q)
        s = _axpy(-alpha, q, r)
        done = _norm2(s) < threshold
        shat = M(s)
        t = A(shat)
        omega = _vdot(t, s) / _vdot(t, t)
        omega = jnp.where(done, jnp.zeros_like(omega), omega)
        x = _axpy(omega, shat, _axpy(alpha, phat, x))
        r = _axpy(-omega, t, s)
        k = jnp.where((omega == 0) | (alpha == 0), -11, k + 1)
        k = jnp.where(rho_new == 0, -10, k)
        return x, r, rhat, alpha, omega, rho_new, p, q, k

    r0 = _sub(b, A(x0))
    one = jnp.ones((), jnp.result_type(*tree_leaves(b)))
    state = (x0, r0, r0, one, one, one, r0, r0, 0)
    return lax.while_loop(cond, body, state)[0]


def bicgstab(A, b, x0=None, *, tol=1e-5, atol=0.0, maxiter=None, M=None):
    """BiCGSTAB for `A x = b`, `A` any nonsingular operator (SciPy's bicgstab)."""
    return _isolve(_bicgstab_solve, A, b, x0, tol, atol, maxiter, M, symmetric=False)


def _gmres_solve(A, b, x0, *, tol, atol, maxiter, M, size, restart):
    """Restarted GMRES on the raveled pytree: an Arnoldi basis of `restart` vectors (modified
    Gram-Schmidt; a happy breakdown leaves zero columns), the small least-squares problem
    solved directly, `maxiter` restarts at most."""
    flat_b, unravel = ravel_pytree(b)
    flat_x0, _ = ravel_pytree(x0)
    matvec = lambda v: ravel_pytree(A(unravel(v)))[0]
    precond = lambda v: ravel_pytree(M(unravel(v)))[0]
    m = min(restart, size)
    b_norm = jnp.linalg.norm(precond(flat_b))
    threshold = jnp.maximum(tol * b_norm, atol)
    dtype = flat_b.dtype

    def residual(x):
        return precond(flat_b - matvec(x))

    def cycle(x):
        r = residual(x)
        beta = jnp.linalg.norm(r)
        safe = jnp.where(beta == 0, jnp.ones_like(beta), beta)
        V = jnp.zeros((m + 1, flat_b.size), dtype).at[0].set(r / safe)
        H = jnp.zeros((m + 1, m), dtype)

        def arnoldi(j, carry):
            V, H = carry
            w = precond(matvec(V[j]))

            def orthogonalize(i, carry):
                w, H = carry
                h = jnp.where(i <= j, jnp.vdot(V[i], w, precision=_HIGHEST), 0)
                return w - h * V[i], H.at[i, j].set(h)

            w, H = lax.fori_loop(0, m, orthogonalize, (w, H))
            h = jnp.linalg.norm(w)
            H = H.at[j + 1, j].set(h)
            V = V.at[j + 1].set(jnp.where(h > 0, w / jnp.where(h > 0, h, 1), 0))
            return V, H

        V, H = lax.fori_loop(0, m, arnoldi, (V, H))
        e1 = jnp.zeros(m + 1, dtype).at[0].set(beta)
        y = jnp.linalg.lstsq(H, e1)[0]
        return x + V[:m].T @ y

    def cond(state):
        x, k = state
        return (jnp.linalg.norm(residual(x)) > threshold) & (k < maxiter)

    def body(state):
        x, k = state
        return cycle(x), k + 1

    x, _ = lax.while_loop(cond, body, (flat_x0, 0))
    return unravel(x)


def gmres(
    A, b, x0=None, *, tol=1e-5, atol=0.0, restart=20, maxiter=None, M=None,
    solve_method="batched",
):
    """Restarted GMRES for `A x = b` (SciPy's gmres; `solve_method` "batched" or
    "incremental" give the same solution here: both solve the Krylov least squares)."""
    if solve_method not in ("batched", "incremental"):
        raise MeshjitValueError(f"invalid solve_method {solve_method!r}: expected "
                                "'batched' or 'incremental'")
    return _isolve(
        _gmres_solve, A, b, x0, tol, atol, maxiter, M, symmetric=False, restart=restart
    )
