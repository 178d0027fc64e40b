"""lax.linalg's implementation enums (EigImplementation, EighImplementation, SvdAlgorithm) as JAX
0.10.2's: the CPU's LAPACK choices run, the others raise JAX's errors (written here as JAX
0.10.2 raises them)."""

import numpy as np
import pytest

from meshjit.lax import linalg

X = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
EIGENVALUES = [1.3819661, 3.618034]


def test_lapack_choices_run():
    for impl in (None, linalg.EighImplementation.QR):
        np.testing.assert_allclose(np.asarray(linalg.eigh(X, implementation=impl)[1]), EIGENVALUES)
    for impl in (None, linalg.EigImplementation.LAPACK):
        np.testing.assert_allclose(
            np.asarray(linalg.eig(X, implementation=impl)[0]).real, EIGENVALUES
        )
    for algorithm in ("DEFAULT", "QR", "DIVIDE_AND_CONQUER"):
        s = linalg.svd(X, algorithm=linalg.SvdAlgorithm[algorithm])[1]
        np.testing.assert_allclose(np.asarray(s), EIGENVALUES[::-1], rtol=1e-6)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: linalg.eigh(X, implementation=linalg.EighImplementation.JACOBI),
         NotImplementedError, "Jacobi implementation is not supported on CPU"),
        (lambda: linalg.eigh(X, implementation=linalg.EighImplementation.QDWH),
         NotImplementedError, "QDWH implementation is only supported on TPU"),
        (lambda: linalg.eig(X, implementation=linalg.EigImplementation.MAGMA),
         ValueError, "Only the lapack implementation is supported on CPU."),
        (lambda: linalg.eig(X, use_magma=True),
         ValueError, "Only the lapack implementation is supported on CPU."),
        (lambda: linalg.svd(X, algorithm=linalg.SvdAlgorithm.POLAR),
         NotImplementedError, "The SVD Jacobi and Polar algorithms are not implemented on CPU."),
    ],
)  # fmt: skip
def test_other_choices_raise_jax_errors(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message


def test_enum_values_as_jax():
    assert [e.value for e in linalg.EigImplementation] == ["cusolver", "magma", "lapack"]
    assert [e.value for e in linalg.EighImplementation] == ["qr", "jacobi", "qdwh"]
    assert [e.value for e in linalg.SvdAlgorithm] == [
        "default", "QR", "Jacobi", "polar", "divide_and_conquer"
    ]  # fmt: skip


def test_decomposition_primitives_under_jax_names():
    import meshjit

    jaxpr = meshjit.make_jaxpr(linalg.cholesky)(np.eye(2, dtype=np.float32))
    assert any(e.primitive is linalg.cholesky_p for e in jaxpr.eqns)
    assert {linalg.svd_p.name, linalg.tridiagonal_solve_p.name} == {"svd", "tridiagonal_solve"}


def test_subset_by_index_refused_in_jax_words():
    a = np.eye(3, dtype=np.float32)
    with pytest.raises(NotImplementedError, match="^subset_by_index not supported on CPU and GPU"):
        linalg.eigh(a, subset_by_index=(1, 3))
    with pytest.raises(NotImplementedError, match="^subset_by_index not implemented for CPU and GPU"):
        linalg.svd(a, subset_by_index=(0, 2))
