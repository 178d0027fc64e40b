"""The printed jaxpr against JAX 0.10.2's, round 26: products of mixed dtypes (dot_general
takes them unconverted), `jaxpr.effects`, and jnp functions whose primitive structure is
JAX's (the sweep in tests/support/jaxpr_sweep.py finds them)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support.jax_oracle import check_texts_and_values, oracle_fixture

HARNESS = r"""
f32 = np.float32
BF = np.linspace(0.5, 2.0, 6).reshape(2, 3).astype(jnp.bfloat16)
F = np.linspace(-1.0, 1.0, 6, dtype=f32).reshape(3, 2)
I8 = np.arange(6, dtype=np.int8).reshape(3, 2)
I32 = np.arange(6, dtype=np.int32).reshape(2, 3)


def products(pet):
    return lambda a, b, c: (
        jnp.dot(a, b, preferred_element_type=pet),
        jnp.matmul(a, c, preferred_element_type=pet),
        jnp.tensordot(a, b, 1, preferred_element_type=pet),
    )


@jax.jit
def twice_sin(x, y):
    return jnp.sin(x) * y, jnp.cos(y)


@jax.jit
def nested(x):
    return twice_sin(x, x)[0] + 1.0


CASES = {
    # (the jvp of a jitted function is split in a forward and a linear call, where JAX's is one
    # jit of primals and tangents: those jaxprs' text is not JAX's yet; their values are checked)
    "values_jvp_of_grad": (lambda x: jax.jvp(jax.grad(lambda v: jnp.sum(nested(v) ** 2)), (x,), (x,)), (F[:, 0],)),
    # exp2 and cumlogsumexp are primitives, as JAX's (lowered as exp(log 2 * x) and as an
    # associative scan of logaddexp); log2 divides by log(2.0); conv shows precision=None
    "exp2_log2": (lambda x: (jnp.exp2(x), jnp.log2(x), jnp.logaddexp2(x, x), lax.exp2(x[0])), (F,)),
    "grad_exp2": (jax.grad(lambda x: (jnp.exp2(x) * jnp.log2(x)).sum()), (F,)),
    "vmap_exp2": (jax.vmap(jnp.exp2), (F,)),
    "cumlogsumexp": (lambda x: (lax.cumlogsumexp(x, axis=1), lax.cumlogsumexp(x, 0, reverse=True)), (F,)),
    "vmap_cumlogsumexp": (jax.vmap(lax.cumlogsumexp), (F,)),
    "conv": (lambda x: lax.conv(x[None, None], jnp.ones((1, 1, 2, 2)), (1, 1), "SAME"), (F,)),
    # floor_divide and divmod are JAX's jitted functions (rank-promoted, rounded away from 0)
    "floor_divide": (lambda x, i: (jnp.floor_divide(x, 0.3), x // x[0], jnp.floor_divide(i, 4), i // 2), (F, I32)),
    "divmod": (lambda x, i: (jnp.divmod(x, 0.3), jnp.divmod(i, i[0])), (F, I32)),
    "vander": (lambda v: (jnp.vander(v), jnp.vander(v, 2, increasing=True)), (F[:, 0],)),
    # a jitted function's default argument is a literal inside it, not an operand of the call
    "squareplus": (lambda x: (jax.nn.squareplus(x), jax.nn.squareplus(x, 2.0)), (F,)),
    # a Python-float bound of x's dtype is a literal as written (0.2, not 0.20000000298...)
    "clamp": (lambda x: (lax.clamp(0.2, x, 0.5), lax.clamp(-1.0, x, 1.0)), (F,)),
    # JAX's dot_general takes mixed operands (the lowering converts them): no convert first
    "mixed_products": (products(None), (BF, F, I8)),
    "mixed_products_f32": (products(jnp.float32), (BF, F, I8)),
    "mixed_products_bf16": (products(jnp.bfloat16), (BF, F, I8)),
    "int_products": (products(None), (I32, I8, F)),
    "grad_mixed_dot": (jax.grad(lambda a, b: jnp.dot(a, b).sum(), (0, 1)), (BF, F)),
}


def run_case(case, record):
    if case == "effects":  # a pure function has none
        record(case, np.array(str(jax.make_jaxpr(jnp.sin)(F).effects)))
        return
    fn, args = CASES[case]
    if case.startswith("values_"):  # eager, on arrays (operators then are the library's)
        for i, leaf in enumerate(fn(*[jnp.asarray(a) for a in args])):
            record(f"{case}{i}", leaf)
        return
    record(case, np.array(str(jax.make_jaxpr(fn)(*args))))


CASES["values_mixed"] = (lambda a, b, c: products(None)(a, b, c) + products(jnp.bfloat16)(a, b, c), (BF, F, I8))
CASES["values_jvp_jit"] = (lambda x, t: jax.jvp(nested, (x,), (t,)), (F[:, 0], F[:, 1]))
CASES["values_exp2"] = (lambda x: (jnp.exp2(x * 3), jnp.exp2(BF), jnp.log2(abs(x) + 1), jnp.log2(BF), jnp.logaddexp2(x, -x), jnp.exp2(x.astype(np.complex64))), (F,))
CASES["values_cumlogsumexp"] = (lambda x: (lax.cumlogsumexp(x * 4, axis=0), lax.cumlogsumexp(x, axis=1, reverse=True), jax.grad(lambda v: lax.cumlogsumexp(v, 1).sum())(x), jax.grad(lambda v: jnp.exp2(v).sum())(x)), (F,))
CASES["values_divmod"] = (lambda x, i: (*jnp.divmod(x * 7, 0.3), *jnp.divmod(i - 3, 4), x // 0.0, -x // x, i // 0, jnp.floor_divide(i.astype(np.uint8), 4), jnp.floor_divide(BF, 0.3)), (F, I32))
CASES["values_grad_mixed"] = (jax.grad(lambda a, b: (jnp.dot(a, b) ** 2).sum(), (0, 1)), (BF, F))
"""

CASES = [
    "mixed_products", "mixed_products_f32", "mixed_products_bf16", "int_products",
    "grad_mixed_dot", "effects", "values_mixed", "values_grad_mixed",
    "exp2_log2", "grad_exp2", "vmap_exp2", "cumlogsumexp",
    "vmap_cumlogsumexp", "conv", "values_exp2", "values_cumlogsumexp",
    "floor_divide", "divmod", "values_divmod", "vander", "squareplus", "clamp",
    "values_jvp_of_grad", "values_jvp_jit",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values_"))


def test_effects_name_the_callbacks():
    """A jaxpr that prints has JAX's one DebugEffect (also inside a nested jit); a pure one none."""

    def f(x):
        meshjit.debug.print("{}", x)
        return meshjit.jit(lambda y: (meshjit.debug.print("{}", y), y)[1])(x) + 1

    closed = meshjit.make_jaxpr(f)(np.ones(2, np.float32))
    assert [e.name for e in closed.effects] == ["DebugEffect"]
    assert closed.jaxpr.effects == closed.effects
    assert meshjit.make_jaxpr(jnp.sin)(1.0).effects == set()


def test_clamp_python_bound_of_another_dtype_is_jaxs_type_error():
    """A Python float bound of a bfloat16 operand is not converted (JAX's TypeError, words)."""
    x = np.ones(3, jnp.bfloat16)
    with pytest.raises(TypeError, match="lax.clamp requires arguments to have the same dtypes"):
        meshjit.lax.clamp(0.5, x, 1.0)
