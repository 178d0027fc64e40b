# Custom derivative rules with functions as nondiff arguments: the docs' fixed_point with
# custom_vjp and nondiff_argnums, clip_gradient(lo, hi, x), custom_jvp's app(f, x), a
# custom_vjp with pytree residuals under jit and vmap, and custom_jvp of a safe norm
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp


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
    a_bar, = vjp_a(fixed_point(partial(rev_iter, f), (a, x_star, x_star_bar), x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


def rev_iter(f, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = jax.vjp(lambda x: f(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(newton_sqrt(2.))
print(jax.grad(newton_sqrt)(2.))
print(jax.grad(jax.grad(newton_sqrt))(2.))
print(jax.jit(jax.vmap(jax.grad(newton_sqrt)))(jnp.array([1., 4., 9.])))


@partial(custom_vjp, nondiff_argnums=(0, 1))
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, None


def clip_gradient_bwd(lo, hi, _, g):
    return (jnp.clip(g, lo, hi),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clip_sin(x):
    x = clip_gradient(-0.75, 0.75, x)
    return jnp.sin(x)


print(jnp.round(jax.vmap(jax.grad(clip_sin))(jnp.linspace(0, 10, 5)), 5))
print(jax.grad(lambda x: 3. * clip_gradient(-0.5, 0.5, x) ** 2)(2.))


@partial(custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    x, = primals
    x_dot, = tangents
    return f(x), 2. * x_dot


print(app(lambda x: x ** 3, 3.))
print(jax.grad(app, 1)(lambda x: x ** 3, 3.))


@custom_vjp
def scaled_layer(params, x):
    return jnp.tanh(params["w"] @ x + params["b"])


def scaled_layer_fwd(params, x):
    y = scaled_layer(params, x)
    return y, {"params": params, "x": x, "y": y}


def scaled_layer_bwd(res, g):
    gz = g * (1 - res["y"] ** 2)
    return ({"w": jnp.outer(gz, res["x"]), "b": gz}, res["params"]["w"].T @ gz)


scaled_layer.defvjp(scaled_layer_fwd, scaled_layer_bwd)
params = {"w": jnp.arange(6.).reshape(2, 3) / 10, "b": jnp.array([0.1, -0.2])}
x = jnp.array([1., -1., 0.5])
loss = lambda p, x: scaled_layer(p, x).sum()
gp, gx = jax.jit(jax.grad(loss, argnums=(0, 1)))(params, x)
ref = jax.grad(lambda p, x: jnp.tanh(p["w"] @ x + p["b"]).sum(), argnums=(0, 1))(params, x)
print(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-6)), (gp, gx), ref))
xs = jnp.stack([x, 2 * x, -x])
print(jnp.round(jax.vmap(jax.grad(loss, argnums=1), in_axes=(None, 0))(params, xs), 4))


@custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def safe_norm_jvp(primals, tangents):
    x, = primals
    t, = tangents
    n = safe_norm(x)
    return n, jnp.where(n == 0, 0., jnp.dot(x, t) / jnp.where(n == 0, 1., n))


print(jax.grad(safe_norm)(jnp.zeros(3)), jax.grad(safe_norm)(jnp.array([3., 4.])))
print(jax.grad(lambda x: jnp.linalg.norm(x))(jnp.zeros(3)))
print(jax.jacfwd(safe_norm)(jnp.array([1., 2., 2.])))
