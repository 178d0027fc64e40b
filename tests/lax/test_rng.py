"""lax.rng_bit_generator against JAX 0.10.2 (one JAX subprocess): the same bits and new keys for
each algorithm and dtype, under jit and vmap (JAX's batching: the first key draws the batch)."""

import numpy as np
import pytest

import meshjit
from meshjit import lax
from tests.support.jax_oracle import RUN_CASES, assert_same_bits, oracle_fixture, values_vs_jax

HARNESS = (
    r"""
K = np.array([7, 11, 13, 17], np.uint32)
KS = np.stack([K, K + 1, K * 3])
A = lax.RandomAlgorithm

CASES = {
    "default": lambda: lax.rng_bit_generator(K, (5, 3)),
    "threefry": lambda: lax.rng_bit_generator(K, (9,), algorithm=A.RNG_THREE_FRY),
    "philox": lambda: lax.rng_bit_generator(K, (2, 4), algorithm=A.RNG_PHILOX),
    "uint8": lambda: lax.rng_bit_generator(K, (6,), np.uint8),
    "uint16": lambda: lax.rng_bit_generator(K, (6,), np.uint16, A.RNG_THREE_FRY),
    "jit": lambda: jax.jit(lambda k: lax.rng_bit_generator(k, (4,)))(K),
    "chain": lambda: lax.rng_bit_generator(lax.rng_bit_generator(K, (3,))[0], (3,)),
    "vmap": lambda: jax.vmap(lambda k: lax.rng_bit_generator(k, (3,)))(KS),
    "vmap_axis1": lambda: jax.vmap(lambda k: lax.rng_bit_generator(k, (2,)), in_axes=1)(KS.T),
}
"""
    + RUN_CASES
)


CASES = ["default", "threefry", "philox", "uint8", "uint16", "jit", "chain", "vmap", "vmap_axis1"]


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_bits_as_jax(jax_results, case):
    assert_same_bits(values_vs_jax(jax_results, HARNESS, case))


def test_bad_input():
    with pytest.raises(TypeError, match="unsupported dtype float32"):
        lax.rng_bit_generator(np.zeros(4, np.uint32), (2,), np.float32)
    with pytest.raises(TypeError, match=r"key must be uint32\[4\]"):
        lax.rng_bit_generator(np.zeros(3, np.uint32), (2,))


def test_gradient_through_is_zero():
    def f(x):
        _, bits = lax.rng_bit_generator(np.arange(4, dtype=np.uint32), (3,))
        return (x * bits.astype(np.float32)).sum()

    bits = np.asarray(lax.rng_bit_generator(np.arange(4, dtype=np.uint32), (3,))[1])
    np.testing.assert_array_equal(
        np.asarray(meshjit.grad(f)(np.ones(3, np.float32))), bits.astype(np.float32)
    )


def test_rng_uniform_lowers_to_stablehlo_rng_as_jax_and_draws_in_range():
    f = meshjit.jit(lambda: lax.rng_uniform(0.0, 1.0, (3,)))
    text = f.lower().as_text()
    assert (  # JAX 0.10.2's op
        "stablehlo.rng %cst, %cst_0, %c, distribution = UNIFORM : (tensor<f32>, tensor<f32>, "
        "tensor<1xi64>) -> tensor<3xf32>"
    ) in text
    draws = np.concatenate([np.asarray(f()) for _ in range(3)])
    assert draws.dtype == np.float32 and ((draws >= 0) & (draws < 1)).all()
    ints = np.asarray(lax.rng_uniform(np.int32(2), np.int32(5), (4, 2)))
    assert ints.shape == (4, 2) and ((ints >= 2) & (ints < 5)).all()
    assert "rng_uniform[shape=(2,)] 0.0:f32[] 1.0:f32[]" in str(
        meshjit.make_jaxpr(lambda: lax.rng_uniform(0.0, 1.0, (2,)))()
    )


def test_rng_uniform_refuses_what_jax_refuses():
    with pytest.raises(ValueError, match="must have identical dtypes, got float32 and int32"):
        lax.rng_uniform(0.0, 1, (3,))
    with pytest.raises(ValueError, match=r"must be scalars; got shapes \(2,\) and \(\)"):
        lax.rng_uniform(np.zeros(2, np.float32), np.float32(1), (2,))


def test_rng_bit_generator_jaxpr_shows_out_sharding_as_jax():
    key = np.array([1, 2, 3, 4], np.uint32)
    text = str(meshjit.make_jaxpr(lambda k: lax.rng_bit_generator(k, (2,)))(key))
    assert "dtype=uint32\n      out_sharding=None\n      shape=(2,)" in text
