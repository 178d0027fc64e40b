"""vmap of custom_jvp / custom_vjp functions: their values, vmap of their grads, and grad of
their vmaps use the user's rules (batched), not the functions' own derivatives."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import grad, jit, vmap

X = np.linspace(0.1, 1.0, 4).astype(np.float32)


@meshjit.custom_jvp
def scaled_sin(x):
    return jnp.sin(x)


@scaled_sin.defjvp
def _scaled_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return scaled_sin(x), 2.0 * jnp.cos(x) * t  # twice the true derivative: visibly the rule


@meshjit.custom_vjp
def product(x, y):
    return x * y


def _product_fwd(x, y):
    return x * y, (x, y)


def _product_bwd(res, ct):
    x, y = res
    return 3.0 * ct * y, ct * x  # three times the true derivative in x


product.defvjp(_product_fwd, _product_bwd)


def test_custom_jvp_under_vmap():
    np.testing.assert_allclose(vmap(scaled_sin)(X), np.sin(X), rtol=1e-6)
    np.testing.assert_allclose(vmap(grad(scaled_sin))(X), 2 * np.cos(X), rtol=1e-6)
    g = grad(lambda x: vmap(scaled_sin)(x).sum())(X)
    np.testing.assert_allclose(g, 2 * np.cos(X), rtol=1e-6)
    g = jit(grad(lambda x: jnp.sum(vmap(scaled_sin, in_axes=1)(x[None, :] * x[:, None]))))(X)
    want = 4 * np.cos(np.outer(X, X)) @ X  # the rule's 2 cos, from both factors
    np.testing.assert_allclose(g, want, rtol=1e-5)
    _, t = meshjit.jvp(vmap(scaled_sin), (X,), (np.ones_like(X),))
    np.testing.assert_allclose(t, 2 * np.cos(X), rtol=1e-6)


def test_custom_vjp_under_vmap():
    y = X + 1
    np.testing.assert_allclose(vmap(product)(X, y), X * y, rtol=1e-6)
    gx, gy = vmap(grad(product, argnums=(0, 1)))(X, y)
    np.testing.assert_allclose(gx, 3 * y, rtol=1e-6)
    np.testing.assert_allclose(gy, X, rtol=1e-6)
    g = jit(grad(lambda x: vmap(product, (0, None))(x, np.float32(2.0)).sum()))(X)
    np.testing.assert_allclose(g, np.full_like(X, 6.0))
    per = vmap(grad(product), in_axes=(0, None))(X, np.float32(2.0))
    np.testing.assert_allclose(per, np.full_like(X, 6.0))
