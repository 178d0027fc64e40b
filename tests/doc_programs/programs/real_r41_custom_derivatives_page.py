# "Custom derivative rules for JAX-transformable Python functions": log1pexp's NaN gradient
# fixed with custom_jvp, defjvps, f's custom_vjp, clip_gradient, a fixed point iteration
# with custom_vjp (implicit differentiation), nondiff_argnums with a function argument,
# and gradients of custom rules under jit, vmap and jacfwd / jacrev
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp, grad, jacfwd, jacrev, jit, vmap


def log1pexp(x):
    return jnp.log(1.0 + jnp.exp(x))


print(log1pexp(3.0), grad(log1pexp)(3.0), grad(log1pexp)(100.0))


@custom_jvp
def log1pexp2(x):
    return jnp.log(1.0 + jnp.exp(x))


@log1pexp2.defjvp
def log1pexp2_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    ans = log1pexp2(x)
    ans_dot = (1 - 1 / (1 + jnp.exp(x))) * x_dot
    return ans, ans_dot


print(grad(log1pexp2)(100.0), jit(grad(log1pexp2))(3.0), vmap(jit(grad(log1pexp2)))(jnp.arange(3.0)))


@custom_jvp
def f(x, y):
    return jnp.sin(x) * y


f.defjvps(lambda x_dot, primal_out, x, y: jnp.cos(x) * x_dot * y, lambda y_dot, primal_out, x, y: jnp.sin(x) * y_dot)
print(f(2.0, 3.0), grad(f)(2.0, 3.0), grad(f, 1)(2.0, 3.0))
print(jacfwd(f)(2.0, 3.0), jacrev(f)(2.0, 3.0))


@custom_vjp
def g(x, y):
    return jnp.sin(x) * y


def g_fwd(x, y):
    return g(x, y), (jnp.cos(x), jnp.sin(x), y)


def g_bwd(res, gbar):
    cos_x, sin_x, y = res
    return (cos_x * gbar * y, sin_x * gbar)


g.defvjp(g_fwd, g_bwd)
print(grad(g)(2.0, 3.0), grad(g, (0, 1))(2.0, 3.0))
print(jit(vmap(grad(g)))(jnp.arange(3.0), jnp.ones(3)))


@custom_vjp
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_gradient_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
t = jnp.linspace(0, 10, 5)
print(vmap(grad(jnp.sin))(t))
print(vmap(grad(lambda x: clip_gradient(-0.75, 0.75, jnp.sin(x))))(t))


@partial(custom_vjp, nondiff_argnums=(0,))
def fixed_point(f, a, x_guess):
    def cond_fun(carry):
        x_prev, x = carry
        return jnp.abs(x_prev - x) > 1e-6

    def body_fun(carry):
        _, x = carry
        return x, f(a, x)

    _, x_star = jax.lax.while_loop(cond_fun, body_fun, (x_guess, f(a, x_guess)))
    return x_star


def fixed_point_fwd(f, a, x_init):
    x_star = fixed_point(f, a, x_init)
    return x_star, (a, x_star)


def fixed_point_rev(f, res, x_star_bar):
    a, x_star = res
    _, vjp_a = jax.vjp(lambda a: f(a, x_star), a)
    (a_bar,) = vjp_a(fixed_point(partial(rev_iter, f), (a, x_star, x_star_bar), x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


def rev_iter(f, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = jax.vjp(lambda x: f(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(newton_sqrt(2.0), grad(newton_sqrt)(2.0), grad(grad(newton_sqrt))(2.0))
print(jit(vmap(grad(newton_sqrt)))(jnp.array([1.0, 4.0, 9.0])))


@partial(custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return f(x), 2.0 * x_dot


print(app(lambda x: x**3, 3.0), grad(app, 1)(lambda x: x**3, 3.0))


@custom_jvp
def safe_sqrt(x):
    return jnp.sqrt(x)


safe_sqrt.defjvps(lambda t, ans, x: jnp.where(x > 0, 0.5 * t / jnp.sqrt(jnp.where(x > 0, x, 1.0)), 0.0))
print(grad(jnp.sqrt)(0.0), grad(safe_sqrt)(0.0), grad(safe_sqrt)(4.0))
print(jax.make_jaxpr(grad(safe_sqrt))(4.0).jaxpr.eqns[0].primitive.name != "")
