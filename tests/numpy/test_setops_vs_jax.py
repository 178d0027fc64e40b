"""jnp.unique(axis=...) and union1d / setdiff1d / intersect1d / setxor1d with a static size
(under jit) as JAX 0.10.2's (one JAX subprocess): the same bits."""

import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign
from tests.support.jax_oracle import (
    RUN_CASES,
    assert_as_jax,
    oracle_fixture,
)

HARNESS = (
    r"""
X = np.array([[1, 2, 3], [1, 2, 3], [0, 5, 1], [1, 2, 2], [0, 5, 1]], np.int32)
F = np.array([[1., np.nan], [1., np.nan], [0., 2.]], np.float32)
A = np.array([1, 2, 3, 2, 4, 4], np.int32)
B = np.array([3, 4, 5, 6], np.int32)

CASES = {
    "rows": lambda: jnp.unique(X, axis=0),
    "columns": lambda: jnp.unique(X, axis=1),
    "rows_all": lambda: jnp.unique(X, axis=0, return_index=True, return_inverse=True,
                                   return_counts=True),
    "rows_sized": lambda: [jnp.unique(X, axis=0, size=5, fill_value=-1),
                           jnp.unique(X, axis=0, size=2)],
    "rows_jit": lambda: jax.jit(lambda a: jnp.unique(a, axis=0, size=4, return_counts=True))(X),
    "rows_nan": lambda: [jnp.unique(F, axis=0), jnp.unique(F, axis=0, equal_nan=False)],
    "last_axis": lambda: jnp.unique(np.arange(24).reshape(2, 3, 4) % 3, axis=2,
                                    return_inverse=True),
    "union": lambda: [jnp.union1d(A, B), jax.jit(lambda x, y: jnp.union1d(x, y, size=8))(A, B),
                      jax.jit(lambda x, y: jnp.union1d(x, y, size=8, fill_value=-1))(A, B)],
    "setdiff": lambda: [jnp.setdiff1d(A, B),
                        jax.jit(lambda x, y: jnp.setdiff1d(x, y, size=4))(A, B),
                        jax.jit(lambda x, y: jnp.setdiff1d(x, y, size=4, fill_value=0))(A, B),
                        jnp.setdiff1d(A, B, size=1),
                        jnp.setdiff1d(np.array([5, 1, 1]), B, assume_unique=True, size=3,
                                      fill_value=9)],
    "setdiff_nan": lambda: jnp.setdiff1d(np.array([1., np.nan, 2.]), np.array([2.])),
    "intersect_sized": lambda: [
        jax.jit(lambda x, y, n=n: jnp.intersect1d(x, y, size=n, **kw))(A, B)
        for n in (1, 2, 5) for kw in ({}, {"fill_value": -1}, {"return_indices": True})],
    "intersect_unique": lambda: jax.jit(lambda x, y: jnp.intersect1d(
        x, y, assume_unique=True, size=3, return_indices=True))(B, np.array([6, 2, 3], np.int32)),
    "intersect_promoted": lambda: jnp.intersect1d(np.array([1., 2.]), np.array([2, 3]), size=3),
    "setxor_sized": lambda: [
        jax.jit(lambda x, y, n=n: jnp.setxor1d(x, y, size=n, **kw))(A, B)
        for n in (2, 5, 8) for kw in ({}, {"fill_value": 0})]
        + [jnp.setxor1d(B, np.array([6, 2, 3], np.int32), assume_unique=True, size=5),
           jnp.setxor1d(np.array([1, 1]), np.array([1, 1]), size=3)],
}
"""
    + RUN_CASES
)


CASES = [
    "rows", "columns", "rows_all", "rows_sized", "rows_jit", "rows_nan", "last_axis", "union",
    "setdiff", "setdiff_nan", "intersect_sized", "intersect_unique", "intersect_promoted",
    "setxor_sized",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_same_bits_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_traced_inputs_need_a_size():
    with pytest.raises(meshjit.errors.ConcretizationTypeError, match="size"):
        meshjit.jit(lambda x: jnp.unique(x, axis=0))(jnp.ones((2, 2)))
    with pytest.raises(meshjit.errors.ConcretizationTypeError):
        meshjit.jit(lambda x: jnp.setdiff1d(x, x))(jnp.ones(3))
