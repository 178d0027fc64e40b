"""lax.igamma, igammac, igamma_grad_a and random_gamma_grad as JAX 0.10.2's, bit for bit (one
JAX subprocess): they are JAX's primitives (printed `igamma a x`, not their loops), lowered by
tracing JAX's series and continued fraction in JAX's order. Before, gammainc run eagerly was up
to 64 ulps off, igamma_grad_a (a rescaled sample derivative) up to 72 ulps with NaN where JAX
has numbers, and random_gamma_grad (mapped per element) 4 ulps off."""

import numpy as np
import pytest

import meshjit
from tests.support.jax_oracle import (
    JAXPR_TEXT_RUN_CASE,
    RUN_CASES,
    assert_as_jax,
    check_texts_and_values,
    oracle_fixture,
)

INPUTS = r"""
f32 = np.float32
RNG = np.random.default_rng(0)
EDGES = np.array([0, -0.0, 1, -1, np.inf, -np.inf, np.nan, 1e-30, 1e30, 0.5, 2.5, 100, 1e-40], f32)
A = np.concatenate([RNG.uniform(0, 20, 64), RNG.exponential(3, 64), np.repeat(EDGES, 13)]).astype(f32)
X = np.concatenate([RNG.uniform(0, 20, 64), RNG.exponential(3, 64), np.tile(EDGES, 13)]).astype(f32)
"""

HARNESS = (
    INPUTS
    + r"""
sp = jax.scipy.special
CASES = {
    "igamma": lambda: jax.jit(lax.igamma)(A, X),
    "igammac": lambda: jax.jit(lax.igammac)(A, X),
    "igamma_grad_a": lambda: jax.jit(lax.igamma_grad_a)(A, X),
    "random_gamma_grad": lambda: jax.jit(lax.random_gamma_grad)(A, X),
    "gammainc_eager": lambda: (sp.gammainc(A, X), sp.gammaincc(A, X)),
    "gammainc_bf16": lambda: sp.gammainc(A.astype(jnp.bfloat16), X.astype(jnp.bfloat16)),
    "gammainc_scalar_a": lambda: (sp.gammainc(2.0, X), lax.igammac(np.float32(3.0), X)),
    "grads": lambda: jax.jit(jax.vmap(jax.grad(lambda a, x: sp.gammainc(a, x) + sp.gammaincc(x, a), (0, 1))))(A[:128], X[:128]),
}
"""
    + RUN_CASES
)

CASES = [
    "igamma", "igammac", "igamma_grad_a", "random_gamma_grad", "gammainc_eager",
    "gammainc_bf16", "gammainc_scalar_a", "grads",
]  # fmt: skip

TEXTS = (
    INPUTS
    + r"""
V = np.linspace(0.1, 1.0, 5, dtype=f32)
CASES = {
    "text_igamma": (lambda a, x: (lax.igamma(a, x), lax.igammac(a, x), lax.igamma_grad_a(a, x)), (V, V)),
    "text_gammainc": (lambda x: (jax.scipy.special.gammainc(2.0, x), jax.scipy.special.gammaincc(x, 3)), (V,)),
    "text_grad": (jax.grad(lambda a, x: lax.igamma(a, x).sum(), (0, 1)), (V, V)),
    "text_jvp_igammac": (lambda a, x: jax.jvp(lax.igammac, (a, x), (x, a)), (V, V)),
    # log_ndtr and ndtri as JAX traces them (lax.square, its order of operations)
    "text_log_ndtr": (lambda x: (jax.scipy.special.log_ndtr(x * 30 - 15), jax.scipy.stats.norm.logcdf(x)), (V,)),
    "text_ndtri": (lambda x: jax.scipy.stats.norm.ppf(x * 0.9), (V,)),
    # (not igamma's: the odd elements' slices come before the inputs', as JAX's)
    "text_associative_scan": (lambda x: lax.associative_scan(jnp.add, x), (V,)),
}
"""
    + JAXPR_TEXT_RUN_CASE
)

TEXT_CASES = [
    "text_igamma", "text_gammainc", "text_grad", "text_jvp_igammac", "text_log_ndtr", "text_ndtri",
    "text_associative_scan",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS)
jax_texts = oracle_fixture(TEXT_CASES, TEXTS)


# Inputs with the edges make igamma's series loop run about 10 s (in JAX as here): those cases run in
# `make test-campaigns` only.
SLOW = ("igamma", "gammainc_eager", "gammainc_bf16")


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=pytest.mark.campaign if c in SLOW else ()) for c in CASES],
)
def test_igamma_bits_are_jaxs(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


@pytest.mark.parametrize("case", TEXT_CASES)
def test_igamma_jaxpr_is_jaxs(jax_texts, case):
    check_texts_and_values(jax_texts, TEXTS, case, values=False)


def test_igamma_rejects_integers_in_jaxs_words():
    with pytest.raises(TypeError, match="igamma does not accept dtype int32"):
        meshjit.lax.igamma(np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int32))
