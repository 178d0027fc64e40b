"""jnp.searchsorted as JAX 0.10.2's (one JAX subprocess): NaN and -0 in JAX's total order, and
JAX's binary search on arrays that are not sorted (fuzzer find: a NaN query found position 0)."""

import pytest

from tests.support.jax_oracle import (
    RUN_CASES,
    assert_as_jax,
    oracle_fixture,
)

HARNESS = (
    r"""
NAN = float("nan")
SORTED = np.array([-2., -0., 0., 0.5, 0.5, 3., NAN, NAN], np.float32)
QUERY = np.array([[NAN, -0.], [0., 0.5], [-5., 7.], [3., -NAN]], np.float32)
UNSORTED = np.array([3., -1., 2., NAN, 0., 5., -4.], np.float32)
INTS = np.array([5, -3, 0, 2, 2, 9, -7], np.int32)


def both_sides(a, q, **kw):
    return [jax.jit(lambda a, q: jnp.searchsorted(a, q, side=side, **kw))(a, q)
            for side in ("left", "right")]


CASES = {
    "nan_and_zeros": lambda: both_sides(SORTED, QUERY),
    "bf16": lambda: both_sides(SORTED.astype(jnp.bfloat16), QUERY.astype(jnp.bfloat16)),
    "unsorted": lambda: both_sides(UNSORTED, QUERY),
    "unsorted_ints": lambda: both_sides(INTS, np.arange(-8, 10, dtype=np.int32)),
    "compare_all": lambda: both_sides(SORTED, QUERY, method="compare_all"),
    "one_and_empty": lambda: both_sides(SORTED[:1], QUERY) + both_sides(SORTED[:0], QUERY),
    "vmap": lambda: jax.vmap(lambda a, q: jnp.searchsorted(a, q, side="right"))(
        np.sort(np.stack([UNSORTED, UNSORTED[::-1]])), QUERY[:2, 0]),
}
"""
    + RUN_CASES
)


CASES = [
    "nan_and_zeros",
    "bf16",
    "unsorted",
    "unsorted_ints",
    "compare_all",
    "one_and_empty",
    "vmap",
]


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_bits_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)
