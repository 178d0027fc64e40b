"""General eigenproblems (lax.linalg.eig, jnp.linalg.eig / eigvals) and what is built on them
(jnp.roots, jnp.poly of a square matrix): against NumPy, and against JAX run on the same inputs
in a subprocess (the same LAPACK routine, geev, so the same numbers)."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.errors import ConcretizationError, MeshjitNotImplementedError
from meshjit.lax import linalg as lax_linalg
from tests.support.jax_oracle import jax_on_8_devices

RNG = np.random.default_rng(7)
A = RNG.standard_normal((3, 5, 5)).astype(np.float32)
SYM = (A[0] + A[0].T).astype(np.float32)
P3 = np.array([1.0, -6.0, 11.0, -6.0], np.float32)
PZ = np.array([0.0, 0.0, 1.0, -3.0, 2.0], np.float32)
PC = np.array([1.0, 0.0, 1.0], np.float32)  # roots +-i

PROGRAM = f"""
A = np.array({A.tolist()}, np.float32)
SYM = np.array({SYM.tolist()}, np.float32)
w, vl, vr = jax.lax.linalg.eig(A)
out["w"], out["vl"], out["vr"] = w, vl, vr
out["eigvals_sym"] = jnp.linalg.eigvals(SYM)
out["eig_v"] = jnp.linalg.eig(A[1]).eigenvectors
out["roots3"] = jnp.roots(np.array({P3.tolist()}, np.float32))
out["rootsz"] = jnp.roots(np.array({PZ.tolist()}, np.float32))
out["rootsc"] = jnp.roots(np.array({PC.tolist()}, np.float32))
out["roots_jit"] = jax.jit(lambda p: jnp.roots(p, strip_zeros=False))(np.array({PZ.tolist()}, np.float32))
out["poly_m"] = jnp.poly(A[2])
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("eig"), per_machine=True)


def _ours() -> dict:
    w, vl, vr = lax_linalg.eig(A)
    pz = jnp.asarray(PZ)
    return {
        "w": w,
        "vl": vl,
        "vr": vr,
        "eigvals_sym": jnp.linalg.eigvals(SYM),
        "eig_v": jnp.linalg.eig(A[1]).eigenvectors,
        "roots3": jnp.roots(P3),
        "rootsz": jnp.roots(PZ),
        "rootsc": jnp.roots(PC),
        "roots_jit": meshjit.jit(lambda p: jnp.roots(p, strip_zeros=False))(pz),
        "poly_m": jnp.poly(A[2]),
    }


@pytest.fixture(scope="module")
def ours():
    return {k: np.asarray(v) for k, v in _ours().items()}


KEYS = ["w", "vl", "vr", "eigvals_sym", "eig_v", "roots3", "rootsz", "rootsc", "roots_jit", "poly_m"]


@pytest.mark.parametrize("key", KEYS)
def test_matches_jax(key, ours, jax_out):
    assert ours[key].dtype == jax_out[key].dtype
    np.testing.assert_allclose(ours[key], jax_out[key], rtol=2e-6, atol=2e-6, equal_nan=True)


def test_eigenpairs_satisfy_the_definition():
    w, vl, vr = (np.asarray(t) for t in lax_linalg.eig(A))
    for k in range(A.shape[0]):
        np.testing.assert_allclose(A[k] @ vr[k], vr[k] * w[k], atol=1e-4)
        np.testing.assert_allclose(vl[k].conj().T @ A[k], w[k][:, None] * vl[k].conj().T, atol=1e-4)
    np.testing.assert_allclose(np.sort_complex(w[0]), np.sort_complex(np.linalg.eigvals(A[0])), rtol=1e-5)


def test_roots_and_poly_match_numpy():
    np.testing.assert_allclose(np.sort_complex(np.asarray(jnp.roots(P3))), [1, 2, 3], atol=1e-4)
    np.testing.assert_allclose(np.asarray(jnp.roots(PZ)), np.roots(PZ), atol=1e-5)
    np.testing.assert_allclose(np.asarray(jnp.poly(A[2])), np.poly(A[2]), rtol=1e-4, atol=1e-4)
    assert np.asarray(jnp.roots(np.array([5.0], np.float32))).shape == (0,)


def test_eig_of_a_batch_under_vmap_and_jit():
    w = meshjit.jit(meshjit.vmap(jnp.linalg.eigvals))(A)
    np.testing.assert_allclose(np.asarray(w), np.asarray(lax_linalg.eig(A)[0]), rtol=1e-6)


def test_bad_input():
    with pytest.raises(ValueError, match="square"):
        jnp.linalg.eigvals(np.ones((2, 3), np.float32))
    with pytest.raises(ConcretizationError, match="strip_zeros=False"):
        meshjit.jit(jnp.roots)(PZ)
    with pytest.raises(MeshjitNotImplementedError, match="eigh"):
        meshjit.grad(lambda a: jnp.linalg.eigvals(a).real.sum())(A[0])
