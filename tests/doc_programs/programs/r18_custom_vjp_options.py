# custom_vjp / custom_jvp options from the Custom derivative rules page: nondiff_argnums with
# functions and ints, defvjp(optimize_remat=True), residuals as pytrees, bwd returning None for
# unneeded cotangents, custom_jvp with defjvps and nondiff_argnums, custom rules under vmap /
# jit / scan / remat, and the rule-shape errors
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply(fn, x):
    return fn(x)


def apply_fwd(fn, x):
    return fn(x), x


def apply_bwd(fn, x, g):
    return (g * jax.grad(fn)(x) * 10,)


apply.defvjp(apply_fwd, apply_bwd)
print(apply(jnp.sin, 1.0), jax.grad(lambda v: apply(jnp.sin, v))(1.0))
print(jax.vmap(jax.grad(lambda v: apply(jnp.cos, v)))(jnp.arange(3.0)))


@jax.custom_vjp
def softclip(x, lo, hi):
    return jnp.clip(x, lo, hi)


def softclip_fwd(x, lo, hi):
    return softclip(x, lo, hi), {"mask": (x > lo) & (x < hi), "n": x.shape}


def softclip_bwd(res, g):
    return (jnp.where(res["mask"], g, 0.1 * g), None, None)


softclip.defvjp(softclip_fwd, softclip_bwd)
x = jnp.array([-2.0, 0.5, 3.0])
print(jax.grad(lambda v: softclip(v, -1.0, 1.0).sum())(x))
print(jax.jit(jax.grad(lambda v: softclip(v, -1.0, 1.0).sum()))(x))
print(jax.grad(lambda lo: softclip(x, lo, 1.0).sum())(-1.0))


@jax.custom_vjp
def fast_exp(x):
    return jnp.exp(x)


def fast_exp_fwd(x):
    y = jnp.exp(x)
    return y, y


fast_exp.defvjp(fast_exp_fwd, lambda y, g: (g * y,), optimize_remat=True)
print(fast_exp(1.0), jax.grad(fast_exp)(1.0), jax.jit(jax.grad(lambda v: fast_exp(v) * 2))(0.5))
print(jax.vmap(jax.grad(fast_exp))(jnp.arange(3.0)))
print(jax.grad(jax.checkpoint(lambda v: fast_exp(jnp.sin(v))))(0.3))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def power(x, n):
    return x**n


@power.defjvp
def power_jvp(n, primals, tangents):
    (x,), (t,) = primals, tangents
    return power(x, n), n * x ** (n - 1) * t


print(power(2.0, 3), jax.grad(power)(2.0, 3), jax.jit(lambda: jax.jvp(lambda v: power(v, 4), (1.5,), (1.0,)))())
print(jax.vmap(jax.grad(power), in_axes=(0, None))(jnp.arange(3.0), 2))


@jax.custom_jvp
def xlogy(x, y):
    return jnp.where(x == 0, 0.0, x * jnp.log(y))


xlogy.defjvps(lambda t, ans, x, y: t * jnp.where(x == 0, 0.0, jnp.log(y)), lambda t, ans, x, y: t * x / y)
print(xlogy(0.0, 0.0), jax.grad(xlogy, argnums=(0, 1))(2.0, 3.0), jax.grad(xlogy)(0.0, 1.0))
print(jax.hessian(lambda v: xlogy(v, 2.0) * v)(1.0))


def scan_body(c, v):
    return softclip(c + v, -1.0, 1.0), c


print(jax.grad(lambda v: jax.lax.scan(scan_body, 0.0, v)[0])(jnp.array([0.5, 0.8, -3.0])))

bad = jax.custom_vjp(lambda v: v * 2)
bad.defvjp(lambda v: (v * 2, None), lambda r, g: (g, g))
try:
    jax.grad(bad)(1.0)
except Exception as e:
    print(type(e).__name__)
bad2 = jax.custom_vjp(lambda v: v * 2)
bad2.defvjp(lambda v: (v * 2, None), lambda r, g: (jnp.ones(3),))
try:
    jax.grad(bad2)(1.0)
except Exception as e:
    print(type(e).__name__)
bad3 = jax.custom_jvp(lambda v: v * 2)
bad3.defjvp(lambda p, t: (p[0] * 2, jnp.ones(2)))
try:
    jax.jvp(bad3, (1.0,), (1.0,))
except Exception as e:
    print(type(e).__name__)
try:
    jax.custom_vjp(lambda v: v)(1.0)
except Exception as e:
    print(type(e).__name__)
