# The empirical neural tangent kernel of a small MLP computed three ways (explicit Jacobian
# contraction with jax.jacrev over a flattened parameter vector, jvp-of-vjp products, and a
# pytree-wise einsum over jax.jacobian leaves), kernel regression with the NTK versus the
# trained network's predictions after gradient descent, and the kernel's drift during training
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


def init(key, widths=(1, 64, 64, 1)):
    keys = jax.random.split(key, len(widths) - 1)
    return [{"w": jax.random.normal(k, (a, b)), "b": 0.1 * jax.random.normal(k, (b,))} for k, a, b in zip(keys, widths[:-1], widths[1:])]


def f(params, x):
    h = x
    for i, layer in enumerate(params):
        h = h @ layer["w"] / jnp.sqrt(layer["w"].shape[0]) + layer["b"]
        if i < len(params) - 1:
            h = jnp.tanh(h)
    return h[:, 0]


params = init(jax.random.key(0))
x_train = jnp.linspace(-2, 2, 8)[:, None]
y_train = jnp.sin(2 * x_train[:, 0])
x_test = jnp.linspace(-2, 2, 5)[:, None]
flat, unravel = ravel_pytree(params)
print("parameters", flat.size)


def ntk_jac(params, x1, x2):
    flat, unravel = ravel_pytree(params)
    J1 = jax.jacrev(lambda p: f(unravel(p), x1))(flat)
    J2 = jax.jacrev(lambda p: f(unravel(p), x2))(flat)
    return J1 @ J2.T


def ntk_vjp(params, x1, x2):
    _, vjp = jax.vjp(lambda p: f(p, x2), params)
    def row(v):
        (ct,) = vjp(v)
        return jax.jvp(lambda p: f(p, x1), (params,), (ct,))[1]
    return jax.vmap(row)(jnp.eye(x2.shape[0])).T


def ntk_tree(params, x1, x2):
    j1 = jax.jacobian(f)(params, x1)
    j2 = jax.jacobian(f)(params, x2)
    prods = jax.tree.map(lambda a, b: jnp.einsum("i...,j...->ij", a, b), j1, j2)
    return sum(jax.tree.leaves(prods))


K1 = jax.jit(ntk_jac)(params, x_train, x_train)
K2 = jax.jit(ntk_vjp)(params, x_train, x_train)
K3 = jax.jit(ntk_tree)(params, x_train, x_train)
print("three ways agree", bool(jnp.allclose(K1, K2, rtol=1e-4, atol=1e-4)), bool(jnp.allclose(K1, K3, rtol=1e-4, atol=1e-4)))
print("diag", jnp.round(jnp.diag(K1), 3))
Kxt = ntk_jac(params, x_test, x_train)
f0_train, f0_test = f(params, x_train), f(params, x_test)
ntk_pred = f0_test + Kxt @ jnp.linalg.solve(K1 + 1e-6 * jnp.eye(8), y_train - f0_train)
loss = lambda p: 0.5 * jnp.sum((f(p, x_train) - y_train) ** 2)
step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.05 * g, p, jax.grad(loss)(p)))
p = params
for _ in range(500):
    p = step(p)
print("ntk prediction", jnp.round(ntk_pred, 3))
print("trained net   ", jnp.round(f(p, x_test), 3))
print("train loss %.5f" % float(loss(p)))
K_end = ntk_jac(p, x_train, x_train)
print("relative kernel drift %.4f" % float(jnp.linalg.norm(K_end - K1) / jnp.linalg.norm(K1)))
