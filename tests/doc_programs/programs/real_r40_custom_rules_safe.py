# The custom_jvp / custom_vjp page as used in a model: a numerically stable log1pexp by
# custom_jvp, a gradient clip by custom_vjp, nondiff_argnums, defjvps, custom rules under jit /
# vmap / grad-of-grad, and the errors JAX raises (jacfwd of a custom_vjp, a bad bwd output)
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp


def log1pexp(x):
    return jnp.log(1.0 + jnp.exp(x))


print(jax.grad(log1pexp)(100.0))


@custom_jvp
def log1pexp2(x):
    return jnp.log(1.0 + jnp.exp(x))


@log1pexp2.defjvp
def log1pexp2_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    ans = log1pexp2(x)
    ans_dot = (1 - 1 / (1 + jnp.exp(x))) * x_dot
    return ans, ans_dot


print(jax.grad(log1pexp2)(100.0))
print(jax.jit(jax.grad(log1pexp2))(3.0))
print(jax.vmap(jax.jit(jax.grad(log1pexp2)))(jnp.arange(3.0)))
print(jax.grad(jax.grad(log1pexp2))(1.0))


@custom_jvp
def f(x, y):
    return jnp.sin(x) * y


f.defjvps(lambda x_dot, primal_out, x, y: jnp.cos(x) * x_dot * y, lambda y_dot, primal_out, x, y: jnp.sin(x) * y_dot)
print(f(2.0, 3.0))
print(jax.grad(f)(2.0, 3.0), jax.grad(f, 1)(2.0, 3.0))


@custom_vjp
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_gradient_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clip_sin(x):
    x = clip_gradient(-0.75, 0.75, x)
    return jnp.sin(x)


print(jax.grad(clip_sin)(0.0), jax.grad(clip_sin)(1.0 * 0))
print(jax.vmap(jax.grad(clip_sin))(jnp.linspace(0, 10, 6)))
print(jax.grad(lambda x: jnp.sum(3.0 * clip_gradient(-0.5, 0.5, x)))(jnp.ones(3)))


@partial(custom_vjp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


def app_fwd(f, x):
    return f(x), x


def app_bwd(f, x, g):
    return (5 * g,)


app.defvjp(app_fwd, app_bwd)
print(app(lambda x: x ** 3, 3.0))
print(jax.grad(app, 1)(lambda x: x ** 3, 3.0))


@custom_vjp
def f_vjp(x):
    return jnp.sin(x)


f_vjp.defvjp(lambda x: (jnp.sin(x), jnp.cos(x)), lambda cos_x, g: (cos_x * g,))
print(jax.grad(f_vjp)(3.0))
try:
    jax.jacfwd(f_vjp)(3.0)
except TypeError as e:
    print(type(e).__name__)


@custom_vjp
def bad(x):
    return 2 * x


bad.defvjp(lambda x: (2 * x, None), lambda res, g: (g, g))
try:
    jax.grad(bad)(1.0)
except TypeError as e:
    print(type(e).__name__)


@custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def safe_norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    n = safe_norm(x)
    return n, jnp.where(n == 0, 0.0, jnp.vdot(x, t) / jnp.where(n == 0, 1.0, n))


print(jax.grad(safe_norm)(jnp.zeros(3)), jax.grad(safe_norm)(jnp.array([3.0, 4.0, 0.0])))
print(jax.grad(lambda x: jnp.linalg.norm(x))(jnp.zeros(3)))
print(jax.make_jaxpr(jax.grad(safe_norm))(jnp.ones(2)).jaxpr.eqns[0].primitive)
