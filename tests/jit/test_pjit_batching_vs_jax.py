"""A vmapped jit keeps each mapped axis where it is, in and out (JAX 0.10.2's pjit batching
rule, batch_jaxpr2): printed jaxprs and numbers against JAX's. Where the axis sits matters to
rbg's bits, drawn with the first key in the keys' order (x64 fuzz seed 3000512: a nested vmap
over axis 1 through an inner jit moved the axis in front and drew the bits transposed)."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
SEEDS = np.array([[1, 2, 3], [4, 5, 6]], np.int32)
X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


def bits(s):
    return random.bits(random.key(s, impl="rbg"), (2,))


def scaled(x):
    return x * 2.0 + jnp.sum(x)


CASES = {
    "vmap_vmap_jit_rbg": (jax.vmap(jax.vmap(jax.jit(bits)), in_axes=1), (SEEDS,)),
    "vmap_jit_vmap_rbg": (jax.vmap(jax.jit(jax.vmap(bits)), in_axes=1), (SEEDS,)),
    "vmap_jit_axis_2": (jax.vmap(jax.jit(scaled), in_axes=2), (X,)),
    "vmap_jit_out_axes": (
        jax.vmap(jax.jit(lambda x, y: (scaled(x), y)), in_axes=(1, None), out_axes=(1, None)),
        (X, np.float32(3)),
    ),
    "values": (
        lambda s, x: [
            jax.jit(jax.vmap(jax.vmap(jax.jit(bits)), in_axes=1))(s),
            jax.vmap(jax.jit(jax.vmap(bits)), in_axes=1)(s),
            jax.vmap(jax.jit(scaled), in_axes=2)(x),
        ],
        (SEEDS, X),
    ),
}
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["vmap_vmap_jit_rbg", "vmap_jit_vmap_rbg", "vmap_jit_axis_2", "vmap_jit_out_axes", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_vmapped_jit_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
