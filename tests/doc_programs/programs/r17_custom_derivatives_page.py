# "Custom derivative rules for JAX-transformable Python functions" section by section:
# log1pexp's numerical stability, safe_norm under jit / grad, defjvps, clip_gradient with
# custom_vjp, nondiff_argnums with a function argument, fixed_point, custom_jvp of a function
# with integer arguments, and symbolic zeros
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp, grad, jit, vmap


def log1pexp(x):
    return jnp.log(1. + jnp.exp(x))


print(log1pexp(3.))
print(jit(log1pexp)(3.))
print(jit(grad(log1pexp))(3.))
print(vmap(jit(grad(log1pexp)))(jnp.arange(3.)))
print(grad(log1pexp)(100.))
print(jax.make_jaxpr(grad(log1pexp))(100.))


@custom_jvp
def log1pexp(x):
    return jnp.log(1. + jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    ans = log1pexp(x)
    ans_dot = (1 - 1 / (1 + jnp.exp(x))) * x_dot
    return ans, ans_dot


print(grad(log1pexp)(100.))
print(jit(log1pexp)(3.))
print(jit(grad(log1pexp))(3.))
print(vmap(jit(grad(log1pexp)))(jnp.arange(3.)))

log1pexp.defjvps(lambda t, ans, x: (1 - 1 / (1 + jnp.exp(x))) * t)
print(grad(log1pexp)(100.))


def f(x):
    return x / (1 + jnp.sqrt(x))


print(grad(f)(0.))


@custom_jvp
def f(x):
    return x / (1 + jnp.sqrt(x))


@f.defjvp
def f_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    ans = f(x)
    ans_dot = ((jnp.sqrt(x) + 2) / (2 * (jnp.sqrt(x) + 1) ** 2)) * x_dot
    return ans, ans_dot


print(grad(f)(0.))


@custom_vjp
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_gradient_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
t = jnp.linspace(0, 10, 1000)
print(jnp.sin(t)[:3])
print(vmap(grad(jnp.sin))(t)[:3])


def clip_sin(x):
    x = clip_gradient(-0.75, 0.75, x)
    return jnp.sin(x)


print(vmap(grad(clip_sin))(t)[::200])


def fixed_point(f, a, x_guess):
    def cond_fun(carry):
        x_prev, x = carry
        return jnp.abs(x_prev - x) > 1e-6

    def body_fun(carry):
        _, x = carry
        return x, f(a, x)

    _, x_star = jax.lax.while_loop(cond_fun, body_fun, (x_guess, f(a, x_guess)))
    return x_star


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(newton_sqrt(2.))
print(jit(vmap(newton_sqrt))(jnp.array([1., 2., 3., 4.])))


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
    a_bar, = vjp_a(fixed_point(partial(rev_iter, f),
                               (a, x_star, x_star_bar),
                               x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


def rev_iter(f, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = jax.vjp(lambda x: f(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)
print(newton_sqrt(2.))
print(grad(newton_sqrt)(2.))
print(grad(grad(jnp.sqrt))(2.))


@partial(custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    x, = primals
    x_dot, = tangents
    return f(x), 2. * x_dot


print(app(lambda x: x ** 3, 3.))
print(grad(app, 1)(lambda x: x ** 3, 3.))


@custom_jvp
def int_pow(x, n):
    return x ** n


@int_pow.defjvp
def int_pow_jvp(primals, tangents):
    x, n = primals
    x_dot, _ = tangents
    return int_pow(x, n), n * x ** (n - 1) * x_dot


print(grad(int_pow)(2., 3))
print(jax.jvp(lambda x: int_pow(x, 3), (jnp.float32(2.),), (jnp.float32(1.),)))


@custom_vjp
def f_sz(x, y):
    return x * y


def f_sz_fwd(x, y):
    print("fwd perturbed:", type(x).__name__, x.perturbed, y.perturbed)
    return f_sz(x.value, y.value), (x.value, y.value)


def f_sz_bwd(res, g):
    x, y = res
    return g * y, g * x


f_sz.defvjp(f_sz_fwd, f_sz_bwd, symbolic_zeros=True)
print(grad(f_sz)(2., 3.))
print(grad(lambda x: f_sz(x, jax.lax.stop_gradient(4.)))(2.))


@custom_jvp
def g_sz(x, y):
    return jnp.sin(x) * y


@g_sz.defjvp
def g_sz_jvp(primals, tangents):
    x, y = primals
    xd, yd = tangents
    SZ = jax.custom_derivatives.SymbolicZero
    print("symbolic zeros:", type(xd) is SZ, type(yd) is SZ)
    yd = jnp.zeros_like(y) if type(yd) is jax.custom_derivatives.SymbolicZero else yd
    return g_sz(x, y), jnp.cos(x) * xd * y + jnp.sin(x) * yd


g_sz.defjvp(g_sz_jvp, symbolic_zeros=True)
print(jax.jvp(g_sz, (jnp.float32(1.), jnp.float32(2.)), (jnp.float32(1.), jnp.float32(0.))))
print(grad(g_sz)(1., 2.))
