"""jax.nn functions whose printed jaxprs are JAX 0.10.2's: exact gelu ends in JAX's copy (a
jnp.array of the result), elu compares before its inner where (JAX's argument order),
logsumexp's shift is a lax.select, standardize is JAX's jit `standardize` taking only the
arguments given (a default epsilon is a literal inside); values bit for bit."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
A = np.linspace(-2.0, 2.0, 12, dtype=np.float32).reshape(3, 4)
nn = jax.nn

CASES = {
    "gelu_elu_selu": (lambda x: (nn.gelu(x, approximate=False), nn.elu(x), nn.selu(x)), (A,)),
    "logsumexp": (lambda x: (nn.logsumexp(x), nn.logsumexp(x, axis=1, keepdims=True)), (A,)),
    "standardize": (lambda x: (nn.standardize(x), nn.standardize(x, axis=0, epsilon=1e-3, mean=x.mean(0, keepdims=True))), (A,)),
    "values": (jax.jit(lambda x: (nn.gelu(x, approximate=False), nn.elu(x, 0.5), nn.selu(x), nn.logsumexp(x, axis=0), nn.logsumexp(np.full(3, -np.inf, np.float32)), nn.standardize(x, epsilon=1e-3), jax.grad(lambda v: nn.elu(v).sum())(x))), (A,)),
}
""" + JAXPR_TEXT_RUN_CASE

CASES = ["gelu_elu_selu", "logsumexp", "standardize", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_nn_jaxprs_and_values_are_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
