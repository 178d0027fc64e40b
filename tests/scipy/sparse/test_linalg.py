"""meshjit.scipy.sparse.linalg's Krylov solvers (cg, bicgstab, gmres) solve A x = b for
matrices, matrix-free operators and pytrees, under jit and vmap, against NumPy's solve."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.scipy.sparse.linalg import bicgstab, cg, gmres

N = 6
SPD = 4 * np.eye(N) - np.eye(N, k=1) - np.eye(N, k=-1)
NONSYM = SPD + np.diag(np.arange(N - 1) * 0.5, 1)
B = np.arange(1.0, N + 1)


def laplacian(x):
    left = jnp.concatenate([jnp.zeros(1), x[:-1]])
    right = jnp.concatenate([x[1:], jnp.zeros(1)])
    return 4.0 * x - left - right


@pytest.mark.parametrize("solver", [cg, bicgstab, gmres])
def test_solvers_solve_a_matrix_system(solver):
    matrix = SPD if solver is cg else NONSYM
    x, info = solver(jnp.asarray(matrix, jnp.float32), jnp.asarray(B, jnp.float32), tol=1e-6)
    assert info is None
    np.testing.assert_allclose(x, np.linalg.solve(matrix, B), rtol=1e-4, atol=1e-5)


def test_cg_takes_operators_preconditioners_and_pytrees():
    want = np.linalg.solve(SPD, B)
    x, _ = meshjit.jit(lambda b: cg(laplacian, b, M=lambda r: r / 4.0))(jnp.asarray(B))
    np.testing.assert_allclose(x, want, rtol=1e-4)
    op = lambda t: {"a": 2.0 * t["a"], "b": laplacian(t["b"])}
    sol, _ = cg(op, {"a": jnp.asarray([2.0, 4.0]), "b": jnp.asarray(B)})
    np.testing.assert_allclose(sol["a"], [1.0, 2.0], rtol=1e-5)
    np.testing.assert_allclose(sol["b"], want, rtol=1e-4)
    few, _ = cg(laplacian, jnp.asarray(B), maxiter=1)  # one step: the steepest descent point
    r = B
    np.testing.assert_allclose(few, (r @ r) / (r @ SPD @ r) * r, rtol=1e-5)


def test_gmres_restarts_and_vmap():
    x, _ = gmres(jnp.asarray(NONSYM), jnp.asarray(B), restart=2, solve_method="incremental")
    np.testing.assert_allclose(NONSYM @ np.asarray(x), B, rtol=1e-4, atol=1e-4)
    xs = meshjit.vmap(lambda b: bicgstab(jnp.asarray(NONSYM), b)[0])(jnp.stack([B, -2 * B]))
    want = np.linalg.solve(NONSYM, np.stack([B, -2 * B]).T).T
    np.testing.assert_allclose(xs, want, rtol=1e-4, atol=1e-5)


def test_mismatched_x0_is_a_clear_error():
    with pytest.raises(ValueError, match="matching shapes"):
        cg(jnp.asarray(SPD), jnp.asarray(B), x0=jnp.zeros(3))
    with pytest.raises(ValueError, match="solve_method"):
        gmres(jnp.asarray(SPD), jnp.asarray(B), solve_method="qr")
