"""The printed jaxprs of transformations against JAX 0.10.2's (round 28): grad of grad keeps
the inner function's dead primal product (the forward is not pruned), a jvp rule forms an
operand's factor only for a nonzero tangent (max / min / rem / atan2), jacfwd / jacrev /
hessian are JAX's (the basis traced as jnp.eye and split per leaf, jacfwd a vmapped jvp), a
transposed scan's carry is typed as its cotangent, cond's branches share residual slots (empty2
filling the others') and checkpoint is JAX's remat2 (the forward inline under linearization, the
backward one differentiated call)."""

import numpy as np
import pytest

import meshjit
from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
f32 = np.float32
F = np.linspace(-1.0, 1.0, 6, dtype=f32).reshape(3, 2)
V = np.linspace(0.1, 1.0, 5, dtype=f32)

CASES = {
    "grad_of_grad": (jax.grad(jax.grad(lambda s: jnp.sin(s) * s)), (0.5,)),
    "grad_max_literal": (jax.grad(lambda x: (jnp.maximum(x, 0.0) + jnp.minimum(1.0, x)).sum()), (F,)),
    "grad_rem_atan2": (jax.grad(lambda x: (lax.rem(x, 0.3) + jnp.arctan2(x, 2.0) + jnp.arctan2(1.0, x)).sum()), (F,)),
    "jacfwd": (jax.jacfwd(lambda v: jnp.sin(v) * v), (V,)),
    "jacrev": (jax.jacrev(lambda v: jnp.sin(v) * v), (V,)),
    "hessian": (jax.hessian(lambda v: jnp.sum(v ** 3)), (V,)),
    "jacfwd_trees": (jax.jacfwd(lambda p: {"s": p[0] * p[1].sum(), "m": p[1] * 2.0}), ((V, F),)),
    "jacrev_trees": (jax.jacrev(lambda a, b: (a * b[0, 0], jnp.tanh(b) * a[0]), argnums=(0, 1)), (V, F)),
    "jacfwd_scalar": (jax.jacfwd(lambda s: jnp.stack([s, s * s])), (0.5,)),
    # the transposed scan's carry is typed as its cotangent (a weak init converts not)
    "grad_scan_weak_init": (jax.grad(lambda v: lax.scan(lambda c, x: (c * x, None), 1.0, v)[0]), (V,)),
    # a closed-over value's cotangent accumulates in the transposed body as it comes (add_any)
    "grad_fori_const": (jax.grad(lambda s: lax.fori_loop(0, 3, lambda i, c: c * s, 1.0)), (0.5,)),
    "grad_scan_consts": (jax.grad(lambda w, v: lax.scan(lambda c, x: (jnp.sin(c * w) + x * w, c), 0.0, v)[0], (0, 1)), (np.float32(0.3), V)),
    # cond: the branches share residual slots by type, the others filled by empty2
    "grad_cond": (jax.grad(lambda s: lax.cond(s > 0, jnp.sin, jnp.cos, s)), (0.5,)),
    "grad_cond_slots": (jax.grad(lambda x: lax.cond(x[0, 0] > 0, lambda y: (jnp.sin(y) * jnp.exp(y)).sum(), lambda y: jnp.tanh(y[0]).sum() * 2.0, x)), (F,)),
    # checkpoint: JAX's remat2, the forward inline and the backward one differentiated call
    "checkpoint": (jax.checkpoint(lambda y: jnp.sin(jnp.sin(y))), (F,)),
    "grad_checkpoint": (jax.grad(lambda x: jax.checkpoint(lambda y: jnp.sin(jnp.sin(y)))(x).sum()), (F,)),
    "linearize_checkpoint": (lambda x: jax.linearize(jax.checkpoint(lambda y: jnp.sin(jnp.sin(y))), x)[1](x), (F,)),
    "grad_checkpoint_saved": (jax.grad(lambda x: jax.checkpoint(lambda y: jnp.sin(jnp.sin(y)), policy=jax.checkpoint_policies.everything_saveable)(x).sum()), (F,)),
    "grad_checkpoint_nested": (jax.grad(lambda x: jax.checkpoint(lambda y: jax.checkpoint(jnp.sin)(jnp.sin(y)) * 2)(x).sum()), (F,)),
}


CASES["values_jacobians"] = (lambda v, f: (CASES["jacfwd_trees"][0]((v, f)), jax.jacrev(lambda a, b: (a * b[0, 0], b * a[0]), argnums=(0, 1))(v, f), jax.hessian(lambda p: (p[0] ** 3).sum() * p[1].sum())((v, f))), (V, F))
CASES["values_remat_cond"] = (lambda f: (CASES["grad_scan_consts"][0](f[0, 0], f[:, 1]), CASES["grad_fori_const"][0](f[1, 0]), CASES["grad_cond_slots"][0](f), CASES["grad_cond_slots"][0](-f), CASES["grad_checkpoint"][0](f), CASES["grad_checkpoint_saved"][0](f), CASES["grad_checkpoint_nested"][0](f)), (F,))
CASES["values_grads"] = (lambda f: (CASES["grad_max_literal"][0](f), CASES["grad_rem_atan2"][0](f), jax.grad(jax.grad(lambda s: jnp.sin(s) * s))(f[0, 0])), (F,))
""" + JAXPR_TEXT_RUN_CASE

CASES = [
    "grad_of_grad", "grad_max_literal", "grad_rem_atan2", "jacfwd", "jacrev", "hessian",
    "jacfwd_trees", "jacrev_trees", "jacfwd_scalar", "values_jacobians", "values_grads",
    "grad_scan_weak_init", "grad_fori_const", "grad_scan_consts", "grad_cond", "grad_cond_slots", "checkpoint", "grad_checkpoint",
    "linearize_checkpoint", "grad_checkpoint_saved", "grad_checkpoint_nested", "values_remat_cond",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values_"))


def test_jacfwd_branches_on_a_concrete_input():
    """jacfwd's jvp runs under its vmap with the primals concrete: Python may branch on them."""

    def f(x):
        return x * 3.0 if x.sum() > 0 else x * 5.0

    jac = meshjit.jacfwd(f)(np.ones(2, np.float32))
    np.testing.assert_array_equal(jac, 3.0 * np.eye(2, dtype=np.float32))
