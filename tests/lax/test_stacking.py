"""`stack` and `unstack` are JAX's primitives (`jnp.stack` of a list, `lax.unstack`, their
transposes of each other): printed jaxprs (vmap, grad) and values (jit, vmap, grad) against JAX
0.10.2's, one compile per case."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
A = np.arange(12, dtype=np.float32).reshape(3, 4)
W = np.linspace(-1.0, 1.0, 72, dtype=np.float32).reshape(6, 12)

CASES = {
    "stacks": (lambda x: (jnp.stack([x, x]), jnp.stack([x, x * 2], axis=2), jnp.stack([x[0, 0], 1]), lax.unstack(x, 1)), (A,)),
    "vmap_stack": (jax.vmap(lambda r, s: jnp.stack([r, s]), in_axes=(0, None)), (A, A[0])),
    "grad_stack": (jax.grad(lambda x: (jnp.stack([x, x * 2], 1) * W.reshape(6, 2, 6)[:3, :, :4]).sum()), (A,)),
    "values": (jax.jit(lambda x: (jnp.stack([x, x + 1], 1), jnp.stack([x, x.astype(np.int32)]), *lax.unstack(x, 1), jax.vmap(lambda r: jnp.stack([r, r[::-1]]), in_axes=1)(x), jax.grad(lambda v: (jnp.stack([v, v * 2], 1) * W.reshape(6, 2, 6)[:3, :, :4]).sum())(x), jax.grad(lambda v: sum(u.sum() * i for i, u in enumerate(lax.unstack(v, 1))))(x))), (A,)),
}
""" + JAXPR_TEXT_RUN_CASE

CASES = ["stacks", "vmap_stack", "grad_stack", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_stack_jaxprs_and_values_are_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
