"""meshjit.scipy.linalg against SciPy (the same LAPACK routines: equal to rounding) and JAX
0.10.2 (values and gradients), batched, under vmap, and its bad input."""

import numpy as np
import pytest
import scipy.linalg as sl

import meshjit
from meshjit.scipy import linalg as L
from meshjit.test_util import check_grads
from tests.support import campaign
from tests.support.error_checks import ErrorChecker
from tests.support.jax_oracle import assert_close_to_jax, start_jax_oracle, values_vs_jax

check_error = ErrorChecker(__file__)
RNG = np.random.default_rng(2)
A = RNG.standard_normal((4, 4)).astype(np.float32)
B = RNG.standard_normal((4, 2)).astype(np.float32)
SPD = (A @ A.T + 4 * np.eye(4)).astype(np.float32)


def _close(got, want, tol=2e-5):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * max(1.0, np.abs(want).max()))


SAME_AS_SCIPY = {
    "cholesky": lambda m: m.cholesky(SPD),
    "cholesky_lower": lambda m: m.cholesky(SPD, lower=True),
    "cho_solve": lambda m: m.cho_solve(m.cho_factor(SPD), B),
    "cho_solve_lower_vector": lambda m: m.cho_solve(m.cho_factor(SPD, lower=True), B[:, 0]),
    "solve_triangular": lambda m: m.solve_triangular(A, B),
    "solve_triangular_lower_T": lambda m: m.solve_triangular(A, B, trans="T", lower=True),
    "solve_triangular_unit": lambda m: m.solve_triangular(
        A, B[:, 1], lower=True, unit_diagonal=True
    ),
    "lu_p": lambda m: m.lu(A)[0],
    "lu_l": lambda m: m.lu(A)[1],
    "lu_u": lambda m: m.lu(A)[2],
    "lu_permute_l": lambda m: m.lu(A[:, :3], permute_l=True)[0],
    "lu_wide_u": lambda m: m.lu(A[:3])[2],
    "lu_factor": lambda m: m.lu_factor(A)[0],
    "lu_solve": lambda m: m.lu_solve(m.lu_factor(A), B),
    "lu_solve_trans": lambda m: m.lu_solve(m.lu_factor(A), B[:, 0], trans=1),
    "qr_r": lambda m: m.qr(A[:, :3])[1],
    "qr_economic_r": lambda m: m.qr(A[:, :3], mode="economic")[1],
    "qr_mode_r": lambda m: m.qr(A, mode="r")[0],
    "eigh_w": lambda m: m.eigh(SPD)[0],
    "eigvals_only": lambda m: m.eigh(SPD, eigvals_only=True),
    "eigh_upper": lambda m: m.eigh(SPD, lower=False)[0],  # JAX symmetrizes: triangles agree
    "svd_s": lambda m: m.svd(A[:3], compute_uv=False),
    "inv": lambda m: m.inv(A),
    "det": lambda m: m.det(A),
    "solve": lambda m: m.solve(A, B),
    "solve_pos": lambda m: m.solve(SPD, B, assume_a="pos"),
    "expm": lambda m: m.expm(A),
    "expm_big": lambda m: m.expm(4 * A),
}


@pytest.mark.parametrize("name", sorted(SAME_AS_SCIPY))
def test_same_as_scipy(name):
    fn = SAME_AS_SCIPY[name]
    _close(fn(L), fn(sl), 1e-4)


def test_lu_factor_pivots_are_scipy_s():
    np.testing.assert_array_equal(np.asarray(L.lu_factor(A)[1]), sl.lu_factor(A)[1])


def test_batched_solves_broadcast():
    a = np.stack([SPD, SPD + np.eye(4, dtype=np.float32)])
    c = L.cho_factor(a, lower=True)
    got = L.cho_solve(c, B)  # one right-hand side for both factors
    _close(got, np.linalg.solve(a, B), 1e-4)
    lu_piv = L.lu_factor(a)
    _close(L.lu_solve(lu_piv, B[:, 0]), np.linalg.solve(a, B[:, 0]), 1e-4)
    _close(L.solve_triangular(np.tril(a), B, lower=True), np.linalg.solve(np.tril(a), B), 1e-4)


def test_vmap_of_cho_solve():
    bs = np.stack([B, 2 * B, -B])
    got = meshjit.vmap(lambda b: L.cho_solve(L.cho_factor(SPD), b))(bs)
    _close(got, np.stack([sl.cho_solve(sl.cho_factor(SPD), b) for b in bs]), 1e-4)


@pytest.mark.parametrize(
    "fn, x",
    [
        (lambda x: L.cholesky(x @ x.T + 4 * np.eye(4, dtype=np.float32)), A),
        (lambda x: L.solve_triangular(x, B, lower=True), SPD),
        (lambda x: L.lu_solve(L.lu_factor(A), x), B),
        (lambda x: L.solve(x, B, assume_a="pos"), SPD),
        (lambda x: L.lu(x)[2], A),
    ],
    ids=["cholesky", "solve_triangular", "lu_solve_b", "solve_pos", "lu"],
)
def test_gradients_by_finite_differences(fn, x):
    check_grads(fn, (x,), order=1, modes=("fwd", "rev"), atol=5e-2, rtol=5e-2, eps=1e-3)


def test_bad_input():
    with pytest.raises(ValueError) as e:
        L.cholesky(np.ones((2, 3), np.float32))  # L:cholesky
    check_error(e, "L:cholesky", "cholesky", "(2, 3)")
    with pytest.raises(ValueError) as e:
        L.solve_triangular(A, np.ones(3, np.float32))  # L:tri
    check_error(e, "L:tri", "'n': 3 vs 4", "signature='(n,n),(n)->(n)'")  # JAX's words
    with pytest.raises(ValueError) as e:
        L.solve_triangular(A, B, trans=3)  # L:trans
    check_error(e, "L:trans", "Invalid 'trans' value 3")
    with pytest.raises(ValueError) as e:
        L.solve(A, B, assume_a="banded")  # L:assume
    check_error(e, "L:assume", "assume_a", "'banded'")
    with pytest.raises(ValueError) as e:
        L.qr(A, mode="raw")  # L:qr
    check_error(e, "L:qr", "Unsupported QR decomposition mode 'raw'")
    with pytest.raises(NotImplementedError, match="b=None"):
        L.eigh(SPD, SPD)


HARNESS = r"""
import importlib

sl = importlib.import_module(jax.__name__ + ".scipy.linalg")
rng = np.random.default_rng(5)
A = rng.standard_normal((4, 4)).astype(np.float32)
SPD = (A @ A.T + 4 * np.eye(4)).astype(np.float32)
B = rng.standard_normal((4, 3)).astype(np.float32)

CASES = {
    "cholesky": (lambda x: sl.cholesky(x), SPD),
    "cho_solve": (lambda x: sl.cho_solve(sl.cho_factor(x), B), SPD),
    "solve_triangular": (lambda x: sl.solve_triangular(x, B, lower=True), SPD),
    "lu": (lambda x: sl.lu(x), A),
    "lu_solve": (lambda x: sl.lu_solve(sl.lu_factor(x), B), A),
    "qr": (lambda x: sl.qr(x), A),
    "eigh": (lambda x: sl.eigh(x), SPD),
    "svd": (lambda x: sl.svd(x, full_matrices=False), A),
    "solve_pos": (lambda x: sl.solve(x, B, assume_a="pos"), SPD),
    "det": (lambda x: sl.det(x), A),
    "expm": (lambda x: sl.expm(x), A),
    "expm_scaled": (lambda x: sl.expm(x * 3.0), A),
    "expm_small": (lambda x: sl.expm(x * 0.05), A),
    "expm_batched": (lambda x: sl.expm(jnp.stack([x, 0.5 * x.T, jnp.triu(x)])), A),
    "expm_upper": (lambda x: sl.expm(jnp.triu(x), upper_triangular=True), A),
}


def run_case(case, record):
    fn, x = CASES[case]
    out = jax.jit(fn)(x)
    for i, leaf in enumerate(out if isinstance(out, (tuple, list)) else (out,)):
        record(f"{case}|{i}", leaf)

    def loss(v):
        leaves = fn(v)
        leaves = leaves if isinstance(leaves, (tuple, list)) else (leaves,)
        return sum(jnp.sum(jnp.sin(l)) for l in leaves)

    record(f"{case}|grad", jax.jit(jax.grad(loss))(x))
"""

NAMES = [
    "cholesky", "cho_solve", "solve_triangular", "lu", "lu_solve", "qr", "eigh", "svd",
    "solve_pos", "det", "expm", "expm_scaled", "expm_small", "expm_batched", "expm_upper",
]  # fmt: skip


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory, pytestconfig):
    return start_jax_oracle(NAMES, HARNESS, tmp_path_factory, pytestconfig, every=campaign.SWEEP)


@pytest.mark.parametrize("name", campaign.every(campaign.SWEEP, NAMES))  # one in 48 in make test
def test_same_as_jax(jax_results, name):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, name), rtol=2e-5)


@pytest.mark.parametrize("side", ["right", "left"])
def test_polar_matches_scipy(side):
    a = np.array([[1.0, 2.0, 3.0], [5.0, 4.0, 2.0], [3.0, 2.0, 1.0]], np.float32)
    # JAX's default method (qdwh) takes a square matrix on the right only
    u, p = L.polar(a, side=side, method="qdwh" if side == "right" else "svd")
    ref_u, ref_p = sl.polar(a.astype(np.float64), side=side)
    np.testing.assert_allclose(u, ref_u, atol=1e-5)
    np.testing.assert_allclose(p, ref_p, atol=1e-4)


@pytest.mark.parametrize("mode", ["right", "left"])
def test_qr_multiply_matches_scipy(mode):
    a = np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]], np.float32)
    c = np.arange(4.0, dtype=np.float32) if mode == "right" else np.arange(2.0, dtype=np.float32)
    got, r = L.qr_multiply(a, c, mode=mode)
    ref, ref_r = sl.qr_multiply(a.astype(np.float64), c.astype(np.float64), mode=mode)
    sign = np.sign(np.diag(r)) * np.sign(np.diag(ref_r))  # Householder signs may differ
    np.testing.assert_allclose(np.abs(r), np.abs(ref_r), atol=1e-5)
    if mode == "right":
        np.testing.assert_allclose(got * sign, ref, atol=1e-5)
    else:
        q, _ = np.linalg.qr(a)
        np.testing.assert_allclose(got, np.asarray(L.qr(a, mode="economic")[0]) @ c, atol=1e-5)
        assert got.shape == (4,) and q.shape == (4, 2)
