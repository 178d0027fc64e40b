"""Typed keys made by the creation functions, as JAX 0.10.2's (one JAX subprocess): zeros_like,
ones_like, empty_like and full_like of keys, and zeros / ones / full / lax.full with a key dtype,
give keys (recorded as their data) whose every data word is the fill value (as uint32), usable as keys (jit and vmap
too); full_like of keys with a numeric dtype gives numbers."""

import pytest

from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = r"""
K = random.split(random.key(0), 2)


def data(tree):  # keys as their key data, numbers as they are
    is_key = lambda x: "key<" in str(getattr(x, "dtype", ""))
    return [random.key_data(x) if is_key(x) else x
            for x in jax.tree_util.tree_leaves(tree, is_leaf=is_key)]


CASES = {
    "zeros_like": lambda: jnp.zeros_like(K),
    "zeros_like_shape": lambda: jnp.zeros_like(K, shape=(3,)),
    "ones_like": lambda: jnp.ones_like(K),
    "empty_like": lambda: jnp.empty_like(K),
    "full_like": lambda: [jnp.full_like(K, 5), jnp.full_like(K, -1), jnp.full_like(K, 1.5)],
    "full_like_number": lambda: jnp.zeros_like(K, dtype=np.float32),
    "creation": lambda: [jnp.zeros((2,), K.dtype), jnp.ones((2,), K.dtype),
                         jnp.full((2,), 3, K.dtype), jnp.empty((1,), K.dtype)],
    "lax": lambda: [lax.full((2,), 0, K.dtype), lax.full_like(K, 0, shape=(1, 3))],
    "scalar_and_rbg": lambda: [jnp.zeros_like(random.key(1)),
                               jnp.zeros_like(random.key(1, impl="rbg"))],
    "transforms": lambda: [jax.jit(jnp.zeros_like)(K), jax.vmap(jnp.zeros_like)(K),
                           jax.jit(lambda: jnp.zeros((3,), K.dtype))()],
    "draw": lambda: random.uniform(jnp.zeros_like(K)[0], (3,)),
}
""" + RUN_CASES.replace("CASES[case]()", "data(CASES[case]())")
CASES = [line.split('"')[1] for line in HARNESS.splitlines() if line.startswith('    "')]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_filled_keys_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)
