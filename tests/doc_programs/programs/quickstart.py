# Quickstart: jnp, jit, grad, vmap
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


x = jnp.arange(5.0)
print(selu(x))

key = random.key(1701)
x = random.normal(key, (1_000_000,))
selu_jit = jax.jit(selu)
_ = selu_jit(x)
print(selu_jit(x)[:3])


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


x_small = jnp.arange(3.)
derivative_fn = grad(sum_logistic)
print(derivative_fn(x_small))


def first_finite_differences(f, x, eps=1E-3):
    return jnp.array([(f(x + eps * v) - f(x - eps * v)) / (2 * eps)
                      for v in jnp.eye(len(x))])


print(first_finite_differences(sum_logistic, x_small))
print(grad(jit(grad(jit(grad(sum_logistic)))))(1.0))

from jax import jacobian
print(jacobian(jnp.exp)(x_small))


def hessian(fun):
    return jit(jax.jacfwd(jax.jacrev(fun)))


print(hessian(sum_logistic)(x_small))

key1, key2 = random.split(key)
mat = random.normal(key1, (150, 100))
batched_x = random.normal(key2, (10, 100))


def apply_matrix(x):
    return jnp.dot(mat, x)


def naively_batched_apply_matrix(v_batched):
    return jnp.stack([apply_matrix(v) for v in v_batched])


@jit
def batched_apply_matrix(batched_x):
    return jnp.dot(batched_x, mat.T)


@jit
def vmap_batched_apply_matrix(batched_x):
    return vmap(apply_matrix)(batched_x)


a = naively_batched_apply_matrix(batched_x)
b = batched_apply_matrix(batched_x)
c = vmap_batched_apply_matrix(batched_x)
print(jnp.allclose(a, b, atol=1E-4, rtol=1E-4), jnp.allclose(a, c, atol=1E-4, rtol=1E-4))
print(c.shape, c.dtype)
print(c[0, :4])
