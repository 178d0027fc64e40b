"""lax.composite and lax.platform_dependent against JAX 0.10.2: the values (a composite is its
decomposition; platform_dependent runs the cpu branch or the default), under jit; the
composite shows in the jaxpr with its name; the errors JAX gives."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.jax_oracle import RUN_CASES, assert_same_bits, oracle_fixture, values_vs_jax

HARNESS = (
    r"""
X = np.linspace(-2.0, 2.0, 8).astype(np.float32).reshape(2, 4)
scaled_tanh = lax.composite(lambda x, *, scale: jnp.tanh(x) * scale, "my.scaled_tanh")
pair = lax.composite(lambda x, y: (x + y, {"p": x * y}), "my.pair", version=2)

CASES = {
    "composite": lambda: scaled_tanh(X, scale=np.float32(1.5)),
    "composite_tree": lambda: pair(X, X[::-1]),
    "composite_jit": lambda: jax.jit(lambda x: scaled_tanh(x, scale=2.0))(X),
    "platform_cpu": lambda: lax.platform_dependent(X, cpu=jnp.sin, default=jnp.cos),
    "platform_default": lambda: lax.platform_dependent(X, tpu=jnp.sin, default=jnp.cos),
    "platform_jit": lambda: jax.jit(lambda x: lax.platform_dependent(x, cpu=lambda v: v * 2, cuda=lambda v: v))(X),
}
"""
    + RUN_CASES
)


CASES = [
    "composite", "composite_tree", "composite_jit", "platform_cpu",
    "platform_default", "platform_jit",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_as_jax(jax_results, case):
    assert_same_bits(values_vs_jax(jax_results, HARNESS, case))


def test_composite_in_jaxpr_and_errors():
    c = lax.composite(lambda x, *, n: x * n, "my.scale")
    text = str(meshjit.make_jaxpr(lambda x: c(x, n=2))(np.float32(1)))
    assert "composite[" in text and "name=my.scale" in text
    with pytest.raises(ValueError, match="JVP rule for composite not implemented"):
        meshjit.grad(lambda x: c(x, n=2))(1.0)
    with pytest.raises(TypeError, match="Found a JAX Tracer as an attribute"):
        meshjit.jit(lambda x: c(x, n=x))(1.0)


def test_composite_batches_its_decomposition():
    """JAX has no batching rule for composite; meshjit batches the decomposition."""
    c = lax.composite(lambda x, *, n: jnp.tanh(x) * n, "my.scaled")
    x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(3, 2)
    got = meshjit.vmap(lambda r: c(r, n=3.0), in_axes=1)(x)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(c(x, n=3.0)).T)


def test_platform_dependent_errors():
    with pytest.raises(TypeError, match="the 'cpu' branch must be a callable"):
        lax.platform_dependent(1.0, cpu=3)
    with pytest.raises(ValueError, match="Use 'cuda' or 'rocm'"):
        lax.platform_dependent(1.0, gpu=jnp.sin)
    with pytest.raises(ValueError, match="Unsupported platform 'cpu'"):
        lax.platform_dependent(1.0, tpu=jnp.sin)
