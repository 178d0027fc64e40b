"""Bitwise ops (not / and / or / xor / population_count / clz) have a zero jvp, as JAX's
defjvp_zero: a checkpointed scan body with a bool or integer carry meets them with (float0)
tangents, and grad / jvp through it gave a MissingRuleError ("Differentiation rule for 'or'
not implemented"). The numbers are JAX 0.10.2's."""

from __future__ import annotations

import numpy as np

import meshjit as jax
import meshjit.numpy as jnp


def _update(c, x):
    m, done, n = c
    new = jnp.where(done, m, m * 0.9 + x)
    done = done | (jnp.abs(new - m).max() < 1e-3)
    n = (n ^ jnp.int32(5)) & jnp.int32(255) | jnp.int32(1)
    flag = ~done
    return (new, done, n + jax.lax.population_count(n) + jax.lax.clz(n)), jnp.sum(new) * flag


def _loss(m):
    init = (m, jnp.bool_(False), jnp.int32(3))
    return jax.lax.scan(jax.checkpoint(_update), init, jnp.linspace(0, 1, 6))[1].sum()


def test_grad_through_a_checkpointed_scan_with_bool_and_int_carries():
    np.testing.assert_allclose(jax.grad(_loss)(jnp.ones(3)), [4.2170305] * 3, rtol=1e-6)


def test_jvp_through_a_checkpointed_scan_with_bool_and_int_carries():
    y, t = jax.jvp(_loss, (jnp.ones(3),), (jnp.ones(3),))
    np.testing.assert_allclose([y, t], [31.67295, 12.651093], rtol=1e-6)
