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
