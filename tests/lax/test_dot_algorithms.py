"""lax.DotAlgorithm / DotAlgorithmPreset and precision names as JAX 0.10.2 takes them (one JAX
subprocess): the presets XLA's CPU backend computes give JAX's bits (the operands rounded to
the preset's types: F16_F16_F16 differs from the default), through lax.dot, jnp.dot, matmul,
jit and grad; the rest, and bad names, are JAX's ValueErrors."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit import lax
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
RNG = np.random.RandomState(0)
A, B = RNG.randn(8, 8).astype(np.float32), RNG.randn(8, 8).astype(np.float32)
V = RNG.randn(8).astype(np.float32)
PRESETS = ["DEFAULT", "F32_F32_F32", "BF16_BF16_F32", "BF16_BF16_F32_X3", "F16_F16_F16"]
CASES = {
    "lax_dot": lambda: [lax.dot(A, B, precision=p) for p in PRESETS],
    "names": lambda: [lax.dot(A, B, precision=p) for p in ("highest", "bfloat16", ("high", "default"))],
    "jnp": lambda: [jnp.dot(A, V, precision=lax.DotAlgorithmPreset.F16_F16_F16),
                    jnp.matmul(A, B, precision="BF16_BF16_F32")],
    "jit_grad": lambda: jax.jit(jax.grad(
        lambda a: (lax.dot_general(a, B, (((1,), (0,)), ((), ())), precision="F16_F16_F16") ** 2
                   ).sum()))(A),
    "half_inputs": lambda: lax.dot(A.astype(np.float16), B.astype(np.float16),
                                   precision="F16_F16_F16"),
}
"""
    + RUN_CASES
)

CASES = ["lax_dot", "names", "jnp", "jit_grad", "half_inputs"]


jax_results = oracle_fixture(CASES, HARNESS, per_machine=True)  # LAPACK / dot bits


@pytest.mark.parametrize("case", CASES)
def test_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_presets_and_algorithms_describe_themselves():
    preset = lax.DotAlgorithmPreset.BF16_BF16_F32
    assert str(preset) == "BF16_BF16_F32" and repr(preset) == "DotAlgorithmPreset.BF16_BF16_F32"
    assert preset.accumulation_type is np.float32
    assert lax.DotAlgorithmPreset.F16_F16_F32.supported_lhs_types == (np.float16,)
    assert lax.DotAlgorithmPreset.DEFAULT.accumulation_type is None
    alg = lax.DotAlgorithm(np.float16, np.float16, np.float32)
    assert alg.lhs_component_count == 1 and not alg.allow_imprecise_accumulation
    assert lax.Precision("highest") is lax.Precision.HIGHEST


@pytest.mark.parametrize(
    "precision, match",
    [
        ("NOPE", "Precision argument must be one of"),
        ("TF32_TF32_F32", "not supported by dot_general on CPU"),
        ("F16_F16_F32", "not supported by dot_general on CPU"),
        (lax.DotAlgorithm(np.float32, np.float32, np.float32), "not supported by dot_general"),
    ],
)
def test_refused_as_jax_refuses(precision, match):
    a = jnp.ones((2, 2))
    with pytest.raises(ValueError, match=match):
        lax.dot(a, a, precision=precision)
    with pytest.raises(ValueError, match=match):
        jnp.dot(a, a, precision=precision)
