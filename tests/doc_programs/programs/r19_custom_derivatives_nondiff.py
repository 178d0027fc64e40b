# Custom derivative rules: custom_jvp with nondiff_argnums taking a function (app), custom_vjp
# with a nondiff function argument, clip_gradient, a fixed point with custom_vjp, defjvps with
# None, custom_jvp under vmap / jit / grad of grad, custom_vjp returning pytrees, and
# jax.closure_convert of a closure over a traced value
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp, grad, jit, vmap


@partial(custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    x, = primals
    x_dot, = tangents
    return f(x), 2.0 * x_dot


print(app(lambda x: x**3, 3.0), grad(app, 1)(lambda x: x**3, 3.0))
print(jit(grad(app, 1), static_argnums=0)(jnp.sin, 1.0))


@partial(custom_vjp, nondiff_argnums=(0,))
def app2(f, x):
    return f(x)


def app2_fwd(f, x):
    return f(x), x


def app2_bwd(f, x, g):
    return (5 * g,)


app2.defvjp(app2_fwd, app2_bwd)
print(app2(lambda x: x**2, 4.0), grad(app2, 1)(lambda x: x**2, 4.0))


@partial(custom_vjp, nondiff_argnums=(0, 1))
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, None


def clip_gradient_bwd(lo, hi, _, g):
    return (jnp.clip(g, lo, hi),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
t = jnp.linspace(0, 10, 6)
print(vmap(grad(jnp.sin))(t))
print(vmap(grad(lambda x: clip_gradient(-0.75, 0.75, jnp.sin(x))))(t))


@custom_jvp
def f(x, y):
    return x * y


f.defjvps(lambda x_dot, primal_out, x, y: x_dot * y, None)
print(grad(f)(2.0, 3.0), grad(f, 1)(2.0, 3.0), jax.jvp(f, (jnp.float32(2.0), 3.0), (jnp.float32(1.0), 1.0))[1])


@custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    ans = log1pexp(x)
    ans_dot = (1 - 1 / (1 + jnp.exp(x))) * x_dot
    return ans, ans_dot


print(grad(log1pexp)(100.0), jit(grad(log1pexp))(3.0), vmap(jit(grad(log1pexp)))(jnp.arange(3.0)))
print(grad(grad(log1pexp))(0.5), jax.hessian(log1pexp)(1.5))


@jax.custom_vjp
def split_stats(x):
    return {"mean": x.mean(), "sq": (x**2).sum()}


def ss_fwd(x):
    return split_stats(x), x


def ss_bwd(x, g):
    return (g["mean"] / x.size + 2 * x * g["sq"],)


split_stats.defvjp(ss_fwd, ss_bwd)
xs = jnp.arange(4.0)
print(split_stats(xs))
print(grad(lambda x: split_stats(x)["mean"] + split_stats(x)["sq"])(xs))


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


def rev_iter(f, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = jax.vjp(lambda x: f(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


def fixed_point_rev(f, res, x_star_bar):
    a, x_star = res
    _, vjp_a = jax.vjp(lambda a: f(a, x_star), a)
    (a_bar,) = vjp_a(fixed_point(partial(rev_iter, f), (a, x_star, x_star_bar), x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(newton_sqrt(2.0), grad(newton_sqrt)(2.0), grad(grad(newton_sqrt))(2.0))
print(jit(vmap(grad(newton_sqrt)))(jnp.array([1.0, 4.0, 9.0])))


def outer(x):
    def inner(y):
        return jnp.sin(x * y)

    conv, consts = jax.closure_convert(inner, x)
    return conv, consts


conv, consts = outer(jnp.float32(2.0))
print(len(consts), conv(3.0, *consts))


def g(x):
    conv, consts = jax.closure_convert(lambda y: x * y**2, x)
    return conv(x, *consts)


print(g(3.0), grad(g)(3.0), jit(grad(g))(3.0))
