"""lax.cumprod / cummax / cummin / cumlogsumexp along a negative axis: refused eagerly and under
jit and vmap (JAX's "XLA operations do not allow negative axes"), accepted for a differentiated
operand under grad, jvp and vjp (JAX's jvp rule, an associative_scan, takes it), also inside
jit and vmap, but reversed (JAX's TypeError); values as JAX 0.10.2's (one JAX subprocess)."""

import numpy as np
import pytest

import meshjit
from meshjit import lax
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
X = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], np.float32)
T = np.array([[1.0, -2.0, 0.5], [3.0, 1.0, -1.0]], np.float32)
OPS = {"cumprod": lax.cumprod, "cummax": lax.cummax, "cummin": lax.cummin,
       "cumlogsumexp": lax.cumlogsumexp}
CASES = {}
for name, op in OPS.items():
    f = lambda v, op=op: op(v, axis=-1)
    g = lambda v, op=op: (op(v, axis=-1) * np.arange(3.0, dtype=np.float32)).sum()
    CASES[name + "_grad"] = lambda g=g: jax.grad(g)(X)
    CASES[name + "_jvp"] = lambda f=f: jax.jvp(f, (X,), (T,))
    CASES[name + "_vjp"] = lambda f=f: jax.vjp(f, X)[1](T)
    CASES[name + "_jit_grad"] = lambda g=g: jax.jit(jax.grad(g))(X)
    CASES[name + "_vmap_grad"] = lambda g=g: jax.vmap(jax.grad(g))(X)
"""
    + RUN_CASES
)

NAMES = ["cumprod", "cummax", "cummin", "cumlogsumexp"]
WAYS = ["grad", "jvp", "vjp", "jit_grad", "vmap_grad"]
CASES = [f"{n}_{w}" for n in NAMES for w in WAYS]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_differentiated_negative_axis_as_jax(jax_results, case):
    # JAX's primal is an associative_scan, meshjit's the cumulative op: the same to rounding
    assert_as_jax(jax_results, HARNESS, case, rtol={case: 1e-6})


@pytest.mark.parametrize("name", NAMES)
def test_negative_axis_refused_undifferentiated(name):
    op = getattr(lax, name)
    x = np.ones((2, 3), np.float32)
    for call in (lambda: op(x, axis=-1), lambda: meshjit.jit(lambda v: op(v, axis=-1))(x)):
        with pytest.raises(ValueError, match="XLA operations do not allow negative axes"):
            call()
    with pytest.raises(ValueError, match="XLA operations do not allow negative axes"):
        meshjit.grad(meshjit.jit(lambda v: op(v, axis=-1).sum()))(x)  # as JAX: jit traces first
    with pytest.raises(TypeError, match=r"rev dimensions must have every element be nonnegative"):
        meshjit.grad(lambda v: op(v, axis=-2, reverse=True).sum())(x)  # JAX's associative_scan
