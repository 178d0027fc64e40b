"""`tile` is JAX's primitive (`tile[reps=(2, 1)]`, `jnp.tile` adds leading dimensions first):
its printed jaxprs (vmap, grad) and values (jit, vmap on another axis, grad) against JAX
0.10.2's, one compile per case."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
A = np.arange(12, dtype=np.float32).reshape(3, 4)
W = np.linspace(-1.0, 1.0, 72, dtype=np.float32).reshape(6, 12)

CASES = {
    "tiles": (lambda x: (jnp.tile(x, (2, 1)), jnp.tile(x[0], 3), jnp.tile(x, (2, 1, 1)), jnp.tile(x, (1,)), jnp.resize(x, (2, 6))), (A,)),
    "vmap_tile": (jax.vmap(lambda x: jnp.tile(x, (2, 2))), (A,)),
    "grad_tile": (jax.grad(lambda x: jnp.tile(x, (2, 1)).sum()), (A,)),
    "values": (jax.jit(lambda x: (jnp.tile(x, (2, 3)), jnp.tile(x, (2, 1, 3)), lax.tile(x.astype(np.int32), (1, 2)), jax.vmap(lambda r: jnp.tile(r, 2), in_axes=1)(x), jax.grad(lambda v: (jnp.tile(v, (2, 3)) * W).sum())(x))), (A,)),
}
""" + JAXPR_TEXT_RUN_CASE

CASES = ["tiles", "vmap_tile", "grad_tile", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_tile_jaxprs_and_values_are_jaxs(jax_results, case):
    # (a batched broadcast_in_dim shows its shifted dims as JAX's: np.int64(2))
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
