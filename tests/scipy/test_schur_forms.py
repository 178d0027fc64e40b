"""jax.scipy.linalg's schur, rsf2csf, hessenberg, sqrtm, funm, solve_sylvester and expm_frechet,
and complex matrices through lu / solve / inv / det / eig / eigh / cholesky / solve_triangular, against JAX 0.10.2
(one JAX subprocess): the same bits unless noted; and their errors."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit.scipy import linalg
from tests.support import campaign
from tests.support.jax_oracle import (
    RUN_CASES,
    assert_as_jax,
    oracle_fixture,
)

HARNESS = (
    r"""
sl = jax.scipy.linalg
rng = np.random.default_rng(1)
A = rng.standard_normal((4, 4)).astype(np.float32)
S = np.array([[1., 2., 3.], [2., 4., 5.], [3., 5., 6.]], np.float32)
B = rng.standard_normal((3, 3)).astype(np.float32)
C = rng.standard_normal((4, 3)).astype(np.float32)
Z = (A + 1j * rng.standard_normal((4, 4))).astype(np.complex64)
ZH = (Z + Z.conj().T).astype(np.complex64)
ZB = (rng.standard_normal((4, 2)) + 1j * rng.standard_normal((4, 2))).astype(np.complex64)

CASES = {
    "schur": lambda: sl.schur(A),
    "schur_complex": lambda: sl.schur(A, output="complex"),
    "schur_batched": lambda: sl.schur(np.stack([A, A.T])),
    "rsf2csf": lambda: sl.rsf2csf(*sl.schur(A)),
    "rsf2csf_batched": lambda: sl.rsf2csf(*sl.schur(np.stack([A, A.T]))),
    "hessenberg": lambda: sl.hessenberg(A),
    "hessenberg_q": lambda: sl.hessenberg(A, calc_q=True),
    "sqrtm": lambda: sl.sqrtm(S),
    "sqrtm_nonsymmetric": lambda: sl.sqrtm(A),
    "funm": lambda: sl.funm(S, jnp.exp),
    "funm_error": lambda: sl.funm(A, jnp.sin, disp=False),
    "sylvester": lambda: sl.solve_sylvester(A, B, C),
    "sylvester_eigen": lambda: sl.solve_sylvester(A, B, C, method="eigen"),
    "sylvester_batched": lambda: sl.solve_sylvester(np.stack([A, 2 * A]), B, C),
    "expm_frechet": lambda: sl.expm_frechet(A * 0.3, A.T * 0.1),
    "complex_solve": lambda: jnp.linalg.solve(Z, ZB),
    "complex_inv": lambda: jnp.linalg.inv(Z),
    "complex_det": lambda: jnp.linalg.det(Z),
    "complex_eig": lambda: jnp.linalg.eigvals(Z),
    "complex_lu": lambda: sl.lu(Z),
    "complex_slogdet": lambda: [jnp.linalg.slogdet(Z), jnp.linalg.det(Z[:2, :2]),
                                jnp.linalg.det(Z[:3, :3])],
    "complex_lu_solve": lambda: [sl.lu_solve(sl.lu_factor(Z), ZB, trans=t) for t in (0, 1, 2)],
    "solve_triangular_conj": lambda: [
        sl.solve_triangular(np.triu(Z), ZB, trans=t) for t in (0, 1, 2)],
    "complex_eigh": lambda: [jnp.linalg.eigh(ZH), jnp.linalg.eigvalsh(ZH),
                             sl.eigh(ZH, eigvals_only=True),
                             jax.vmap(jnp.linalg.eigvalsh)(np.stack([ZH, 2 * ZH]))],
    "complex_cholesky": lambda: [jnp.linalg.cholesky(ZH + 6 * np.eye(4, dtype=np.complex64)),
                                 jax.jvp(jnp.linalg.cholesky,
                                         (ZH + 6 * np.eye(4, dtype=np.complex64),), (Z,))],
    "complex_eigh_jvp": lambda: jax.jvp(lambda a: jnp.linalg.eigh(a)[0], (ZH,), (Z,)),
    "complex_eigh_grad": lambda: jax.grad(lambda a: jnp.linalg.eigvalsh(a)[0] ** 2)(ZH),
    "complex_solve_grad": lambda: jax.grad(
        lambda z: jnp.abs(jnp.linalg.solve(z, ZB)).sum())(Z),
}
"""
    + RUN_CASES
)


CASES = [
    "schur", "schur_complex", "schur_batched", "rsf2csf", "rsf2csf_batched", "hessenberg",
    "hessenberg_q", "sqrtm", "sqrtm_nonsymmetric", "funm", "funm_error", "sylvester",
    "sylvester_eigen", "sylvester_batched", "expm_frechet", "complex_solve", "complex_inv",
    "complex_det", "complex_eig", "complex_lu", "complex_slogdet", "complex_lu_solve", "solve_triangular_conj", "complex_eigh", "complex_cholesky", "complex_eigh_jvp", "complex_eigh_grad",
    "complex_solve_grad",
]  # fmt: skip

# expm's jvp and the complex gradient go through other (equivalent) equations than JAX's.
CLOSE = {"expm_frechet": 2e-6, "complex_solve_grad": 2e-6, "complex_eigh_grad": 2e-6}


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP, per_machine=True)  # LAPACK bits


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, CLOSE)


def test_sqrtm_squares_back():
    a = np.array([[4.0, 1.0], [0.0, 9.0]], np.float32)
    root = np.asarray(linalg.sqrtm(a))
    np.testing.assert_allclose(root @ root, a, atol=1e-4)


def test_bad_input():
    with pytest.raises(ValueError, match="'real' or 'complex'"):
        linalg.schur(np.eye(2), output="imaginary")
    with pytest.raises(ValueError, match="must be square"):
        linalg.rsf2csf(np.ones((2, 3)), np.eye(2))
    with pytest.raises(NotImplementedError, match="Blocked"):
        linalg.sqrtm(np.eye(2), blocksize=2)
    with pytest.raises(ValueError, match="square array_like"):
        linalg.funm(np.ones(3), jnp.exp)
    with pytest.raises(ValueError, match="Incompatible shapes for Sylvester"):
        linalg.solve_sylvester(np.eye(2), np.eye(3), np.ones((3, 3)))
    with pytest.raises(ValueError, match="Unrecognized method"):
        linalg.solve_sylvester(np.eye(2), np.eye(2), np.ones((2, 2)), method="qr")
    with pytest.raises(ValueError, match="same shape"):
        linalg.expm_frechet(np.eye(2), np.eye(3))
