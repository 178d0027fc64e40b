"""lax.linalg's schur, hessenberg, tridiagonal, tridiagonal_solve and ormqr (LAPACK's gees,
gehrd, sytrd / hetrd, gtsv, ormqr / unmqr) bit for bit as JAX 0.10.2 (one JAX subprocess), real
and complex, batched, under vmap and jit, with tridiagonal_solve's derivatives; and their
errors."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.lax import linalg
from tests.support.jax_oracle import (
    RUN_CASES,
    assert_as_jax,
    oracle_fixture,
)

HARNESS = (
    r"""
L = lax.linalg
rng = np.random.default_rng(3)
A = rng.standard_normal((4, 4)).astype(np.float32)
S = (A + A.T).astype(np.float32)
C = (A + 1j * rng.standard_normal((4, 4))).astype(np.complex64)
H = (C + C.conj().T).astype(np.complex64)
B = rng.standard_normal((2, 4, 4)).astype(np.float32)
DL = np.array([0., 1., 2., 3.], np.float32)
D = np.array([4., 5., 6., 7.], np.float32)
DU = np.array([1., 1., -1., 0.], np.float32)
RHS = rng.standard_normal((4, 3)).astype(np.float32)
Q, TAUS = jnp.linalg.qr(A[:, :3], mode="raw")

CASES = {
    "schur": lambda: L.schur(A),
    "schur_no_vectors": lambda: L.schur(A, compute_schur_vectors=False),
    "schur_complex": lambda: L.schur(C),
    "schur_batched_jit": lambda: jax.jit(L.schur)(B),
    "schur_vmap": lambda: jax.vmap(L.schur)(B),
    "hessenberg": lambda: L.hessenberg(A),
    "hessenberg_complex": lambda: L.hessenberg(C),
    "tridiagonal": lambda: L.tridiagonal(S),
    "tridiagonal_upper": lambda: L.tridiagonal(S, lower=False),
    "tridiagonal_hermitian": lambda: L.tridiagonal(H),
    "tridiagonal_solve": lambda: L.tridiagonal_solve(DL, D, DU, RHS),
    "tridiagonal_solve_complex": lambda: L.tridiagonal_solve(
        *(v.astype(np.complex64) for v in (DL, D, DU)), (RHS + 1j).astype(np.complex64)),
    "tridiagonal_solve_vmap": lambda: jax.vmap(L.tridiagonal_solve, (None, 0, None, 0))(
        DL, np.stack([D, D + 1]), DU, np.stack([RHS, -RHS])),
    "tridiagonal_solve_grad": lambda: jax.grad(
        lambda dl, d, du, b: (L.tridiagonal_solve(dl, d, du, b) ** 2).sum(),
        argnums=(0, 1, 2, 3))(DL, D, DU, RHS),
    "tridiagonal_solve_jvp": lambda: jax.jvp(
        lambda d, b: L.tridiagonal_solve(DL, d, DU, b), (D, RHS), (D * 0.5, RHS * 2)),
    "ormqr": lambda: [L.ormqr(Q.mT, TAUS, np.eye(4, dtype=np.float32), left=left, transpose=t)
                      for left in (True, False) for t in (False, True)],
}
"""
    + RUN_CASES
)


CASES = [
    "schur", "schur_no_vectors", "schur_complex", "schur_batched_jit", "schur_vmap",
    "hessenberg", "hessenberg_complex", "tridiagonal", "tridiagonal_upper",
    "tridiagonal_hermitian", "tridiagonal_solve", "tridiagonal_solve_complex",
    "tridiagonal_solve_vmap", "tridiagonal_solve_grad", "tridiagonal_solve_jvp", "ormqr",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, per_machine=True)  # LAPACK / dot bits


# The gradient sums its products in another order than JAX's scatter-adds: within 1 ulp.
RTOL = {"tridiagonal_solve_grad": 2e-7}


@pytest.mark.parametrize("case", CASES)
def test_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, RTOL)


def test_schur_reconstructs_the_matrix():
    a = np.random.default_rng(0).standard_normal((5, 5)).astype(np.float32)
    t, z = linalg.schur(a)
    np.testing.assert_allclose(np.asarray(z @ t @ z.T), a, atol=2e-5)
    assert np.all(np.asarray(jnp.tril(t, -2)) == 0)


def test_tridiagonal_solve_transposes():
    dl, d, du = (jnp.array(v, jnp.float32) for v in ([0, 1, 2], [4, 5, 6], [1, -1, 0]))
    dense = np.diag([4.0, 5, 6]) + np.diag([1.0, -1], 1) + np.diag([1.0, 2], -1)
    ct = np.arange(6.0, dtype=np.float32).reshape(3, 2)
    _, pullback = meshjit.vjp(lambda b: linalg.tridiagonal_solve(dl, d, du, b), jnp.ones((3, 2)))
    np.testing.assert_allclose(np.asarray(pullback(ct)[0]), np.linalg.solve(dense.T, ct), rtol=1e-5)


def test_bad_input():
    with pytest.raises(ValueError, match="square"):
        linalg.schur(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="accepted dtypes"):
        linalg.hessenberg(np.ones((3, 3), np.int32))
    with pytest.raises(TypeError, match="same shape"):
        linalg.tridiagonal_solve(jnp.ones(3), jnp.ones(4), jnp.ones(3), jnp.ones((3, 1)))
    with pytest.raises(ValueError, match="same number of rows"):
        linalg.ormqr(jnp.ones((4, 2)), jnp.ones(2), jnp.ones((3, 3)))
    with pytest.raises(NotImplementedError, match="sort"):
        linalg.schur(np.eye(2, dtype=np.float32), sort_eig_vals=True)
