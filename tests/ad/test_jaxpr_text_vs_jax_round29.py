"""Printed jaxprs of transforms against JAX 0.10.2's (round 29): the jvp of a checkpoint alone
(jvp, jacfwd) is one `remat2` computing primals and tangents, not differentiated; only a jvp
to be linearized (grad, vjp) splits it into a forward and a differentiated tangent call."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(0.1, 1.2, 12, dtype=np.float32).reshape(3, 4)
V = np.linspace(0.1, 1.0, 3, dtype=np.float32)
sin2 = jax.checkpoint(lambda y: jnp.sin(jnp.sin(y)))
dots = jax.checkpoint(lambda m: jnp.tanh(m @ m.T).sum(), policy=jax.checkpoint_policies.dots_saveable)

CASES = {
    "jvp_checkpoint": (lambda x: jax.jvp(sin2, (x,), (x,)), (A,)),
    "jacfwd_checkpoint": (jax.jacfwd(sin2), (V,)),
    "jvp_checkpoint_policy": (lambda x: jax.jvp(dots, (x,), (x,)), (A,)),
    "grad_checkpoint_policy": (jax.grad(dots), (A,)),
}
FNS = [f for f, _ in CASES.values()]
CASES["values"] = (lambda x: [FNS[0](x), FNS[2](x), FNS[3](x)], (A,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = [
    "jvp_checkpoint", "jacfwd_checkpoint", "jvp_checkpoint_policy", "grad_checkpoint_policy",
    "values",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
