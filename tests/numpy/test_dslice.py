"""jax.ds (dynamic slices in an index) as JAX 0.10.2's (one JAX subprocess): static and traced
starts, negative starts, windows clamped at the end, strides (each index clamped), other axes
sliced alongside, `.at[...]` updates, grad and vmap through it."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
X = jnp.arange(10)
M = jnp.arange(24).reshape(4, 6)
take = jax.jit(lambda x, i, size: x[jax.ds(i, size)], static_argnames="size")
CASES = {
    "static": lambda: [X[jax.ds(4, 2)], X[jax.ds(3)], X[jax.ds(None)], X[jax.ds(2, 3, 2)]],
    "traced": lambda: [take(X, 4, 2), take(X, 9, 3), take(X, -3, 2), take(X, -20, 2)],
    "strided": lambda: [jax.jit(lambda x, i: x[jax.ds(i, 3, 2)])(X, i) for i in (1, 8, -2)],
    "other_axes": lambda: [
        jax.jit(lambda m, i: m[:, jax.ds(i, 2)])(M, 3),
        jax.jit(lambda m, i: m[jax.ds(i, 2), 1:3])(M, 1),
        jax.jit(lambda m, i: m[..., jax.ds(i, 2)])(M, 5),
        jax.jit(lambda m, i: m[None, jax.ds(i, 3)])(M, 2),
    ],
    "updates": lambda: [
        jax.jit(lambda m, i: m.at[jax.ds(i, 2)].set(0))(M, 1),
        jax.jit(lambda m, i: m.at[:, jax.ds(i, 2)].add(100))(M, 2),
    ],
    "grad": lambda: jax.grad(lambda v, i: (v[jax.ds(i, 2)] ** 2).sum())(jnp.arange(5.0), 1),
    "vmap": lambda: jax.vmap(lambda v, i: v[jax.ds(i, 2)])(M, jnp.array([0, 1, 2, 4])),
}
"""
    + RUN_CASES
)

CASES = ["static", "traced", "strided", "other_axes", "updates", "grad", "vmap"]


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_with_other_advanced_indices_a_dynamic_slice_stays_a_slice():
    """As JAX (values from JAX 0.10.2): `x[ds(i, n), idx]` is the window's rows indexed by idx
    (not idx broadcast against the window's index array), read and updated."""
    x = jnp.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(x[meshjit.ds(0, 2), jnp.array([0, 1])], [[0, 1], [4, 5]])
    read = meshjit.jit(lambda i: x[meshjit.ds(i, 2), jnp.array([0, 3, 1])])
    np.testing.assert_array_equal(read(1), [[4, 7, 5], [8, 11, 9]])
    read = meshjit.jit(lambda i: x[jnp.array([2, 0]), meshjit.ds(i, 2)])
    np.testing.assert_array_equal(read(1), [[9, 10], [1, 2]])
    np.testing.assert_array_equal(meshjit.jit(lambda i: x[meshjit.ds(i, 2), 1])(1), [5, 9])
    add = meshjit.jit(lambda i, j: x.at[meshjit.ds(i, 2), meshjit.ds(j, 2, 2)].add(100))
    want = np.arange(12).reshape(3, 4)
    want[1:3, 0:3:2] += 100
    np.testing.assert_array_equal(add(1, 0), want)


def test_repr_and_bad_input():
    assert repr(meshjit.ds(1, 2)) == "Slice(start=1, size=2, stride=1)"
    x = jnp.arange(10)
    with pytest.raises(IndexError, match="does not fit"):
        x[meshjit.ds(0, 11)]
    with pytest.raises(ValueError, match="stride"):
        meshjit.ds(0, 2, -1)
