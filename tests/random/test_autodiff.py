"""Gradients through the reparameterized samplers: the draw is a differentiable function of the
parameters (location, scale, bounds) for a fixed key."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import random
from meshjit.test_util import check_grads

KEY = random.key(4)


def test_normal_location_scale():
    noise = np.asarray(random.normal(KEY, (6,)))
    loss = lambda mu, sigma: jnp.sum(mu + sigma * random.normal(KEY, (6,)))
    d_mu, d_sigma = meshjit.jit(meshjit.grad(loss, argnums=(0, 1)))(0.5, 2.0)
    assert float(d_mu) == 6.0
    np.testing.assert_allclose(d_sigma, noise.sum(), rtol=1e-6)


def test_uniform_bounds():
    base = np.asarray(random.uniform(KEY, (6,)))  # floats in [0, 1) before scaling
    loss = lambda lo, hi: jnp.sum(random.uniform(KEY, (6,), minval=lo, maxval=hi))
    d_lo, d_hi = meshjit.grad(loss, argnums=(0, 1))(-1.0, 3.0)
    np.testing.assert_allclose(d_lo, np.sum(1 - base), rtol=1e-5)
    np.testing.assert_allclose(d_hi, np.sum(base), rtol=1e-5)
    check_grads(
        lambda lo, hi: jnp.sum(random.uniform(KEY, (6,), minval=lo, maxval=hi) ** 2),
        (np.float32(-1), np.float32(3)),
        order=1,
    )


def test_truncated_normal_bounds_and_exponential_rate():
    f = lambda lo, hi: jnp.sum(random.truncated_normal(KEY, lo, hi, (5,)))
    check_grads(f, (np.float32(-1), np.float32(2)), order=1)
    rate = lambda lam: jnp.sum(random.exponential(KEY, (5,)) / lam)
    np.testing.assert_allclose(
        meshjit.grad(rate)(2.0), -np.sum(np.asarray(random.exponential(KEY, (5,)))) / 4, rtol=1e-5
    )


def test_gamma_implicit_gradient_has_the_mean_derivative():
    # E[gamma(a)] = a, so the derivatives of the draws (JAX's implicit ones) average to 1.
    grads = meshjit.jit(meshjit.grad(lambda a: jnp.mean(random.gamma(KEY, a, (400,)))))(2.0)
    np.testing.assert_allclose(grads, 1.0, atol=0.1)
    # loggamma draws the log of gamma's draw (same key): its derivative is d(draw) / draw.
    a = jnp.full((3,), 0.7)
    d_log = meshjit.grad(lambda a: jnp.sum(random.loggamma(KEY, a)))(a)
    samples = np.asarray(random.gamma(KEY, a))
    d_sample = np.asarray(meshjit.grad(lambda a: jnp.sum(random.gamma(KEY, a)))(a))
    np.testing.assert_allclose(d_log, d_sample / samples, rtol=1e-4)


def test_lax_random_gamma_grad_of_arrays_is_elementwise():
    """lax.random_gamma_grad of arrays (broadcast together) as JAX's: it refused non-scalars
    ('select cases must have the same shapes')."""
    from meshjit import lax

    out = lax.random_gamma_grad(jnp.array([1.0, 2.0]), jnp.array([0.5, 1.5]))
    np.testing.assert_allclose(out, [0.8069793, 0.936639], rtol=1e-5)  # JAX 0.10.2's values
    np.testing.assert_allclose(lax.random_gamma_grad(2.0, jnp.array([[1.5]])), [[0.936639]], rtol=1e-5)
