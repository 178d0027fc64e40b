# custom_jvp / custom_vjp with nondiff_argnums: a function argument (the docs' app / fixed
# point), an int static argument, keyword calls, under jit / vmap / grad / jacfwd, and the jvp
# of a custom_vjp function refused
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), 2.0 * t


print(app(jnp.sin, 1.0), jax.grad(app, argnums=1)(jnp.sin, 1.0))
print(jax.vmap(partial(app, jnp.cos))(jnp.arange(3.0)))
print(jax.jit(jax.grad(lambda x: app(lambda y: y ** 3, x)))(2.0))


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def power(x, n):
    return x ** n


def power_fwd(x, n):
    return x ** n, x


def power_bwd(n, x, g):
    return (g * n * x ** (n - 1) * 10.0,)


power.defvjp(power_fwd, power_bwd)
print(power(3.0, 2), jax.grad(power)(3.0, 2), jax.grad(power)(3.0, 3))
print(jax.vmap(jax.grad(power), in_axes=(0, None))(jnp.arange(1.0, 4.0), 2))
print(jax.jit(jax.grad(power), static_argnums=1)(2.0, 4))


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(f, a, x_guess):
    def cond(carry):
        x_prev, x = carry
        return jnp.abs(x_prev - x) > 1e-6

    def body(carry):
        _, x = carry
        return x, f(a, x)

    _, x_star = jax.lax.while_loop(cond, body, (x_guess, f(a, x_guess)))
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
    return fixed_point(lambda a, z: 0.5 * (z + a / z), a, a)


print(newton_sqrt(2.0), jax.grad(newton_sqrt)(2.0), 0.5 / jnp.sqrt(2.0))
print(jax.vmap(jax.grad(newton_sqrt))(jnp.array([1.0, 4.0, 9.0])))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def clip_norm(x, max_norm):
    n = jnp.linalg.norm(x)
    return jnp.where(n > max_norm, x * max_norm / n, x)


@clip_norm.defjvp
def clip_norm_jvp(max_norm, primals, tangents):
    (x,), (t,) = primals, tangents
    return clip_norm(x, max_norm), t


v = jnp.array([3.0, 4.0])
print(clip_norm(v, 1.0), jax.jacfwd(clip_norm)(v, 1.0), jax.jacrev(clip_norm)(v, 1.0))
print(jax.jvp(lambda x: clip_norm(x, 2.0), (v,), (jnp.ones(2),)))
try:
    jax.jvp(lambda x: power(x, 2), (1.0,), (1.0,))
except TypeError as e:
    print("TypeError")
print(jax.make_jaxpr(lambda x: power(x, 2))(1.0))
print(jax.make_jaxpr(lambda x: app(jnp.sin, x))(1.0))
