# Custom derivative rules, more of the tutorial: custom_vjp for gradient clipping, numerically
# stable norms, implicit function derivatives of a fixed point, custom_jvp with nondiff_argnums,
# custom_vjp of pytrees with residual pytrees, and jax.custom_gradient-style helpers
from functools import partial
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_gradient_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
t = jnp.linspace(0, 10, 5)
print(jax.vmap(jax.grad(jnp.sin))(t))
print(jax.vmap(jax.grad(lambda x: clip_gradient(-0.75, 0.75, jnp.sin(x))))(t))

@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def safe_norm_jvp(primals, tangents):
    x, = primals
    t, = tangents
    n = safe_norm(x)
    return n, jnp.where(n == 0, 0., jnp.vdot(x, t) / jnp.where(n == 0, 1., n))


print(jax.grad(safe_norm)(jnp.zeros(3)), jax.grad(safe_norm)(jnp.array([3., 4.])))
print(jax.grad(lambda x: jnp.sqrt(jnp.sum(x ** 2)))(jnp.zeros(3)))

@partial(jax.custom_vjp, nondiff_argnums=(0,))
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
    a_bar, = vjp_a(fixed_point(partial(rev_iter, f), (a, x_star, x_star_bar), x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(jnp.round(newton_sqrt(2.), 5), jnp.round(jax.grad(newton_sqrt)(2.), 5))
print(jnp.round(jax.grad(jax.grad(jnp.sqrt))(2.), 5))

@partial(jax.custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    x, = primals
    x_dot, = tangents
    return f(x), 2. * x_dot


print(app(lambda x: x ** 3, 3.), jax.grad(app, argnums=1)(lambda x: x ** 3, 3.))

# custom_vjp over pytrees with pytree residuals
@jax.custom_vjp
def weighted(params, x):
    return {"y": params["a"] * x + params["b"], "z": jnp.sum(x)}


def weighted_fwd(params, x):
    return weighted(params, x), {"a": params["a"], "x": x}


def weighted_bwd(res, ct):
    ga = jnp.sum(ct["y"] * res["x"])
    gb = jnp.sum(ct["y"])
    gx = ct["y"] * res["a"] + ct["z"]
    return {"a": ga, "b": gb}, gx


weighted.defvjp(weighted_fwd, weighted_bwd)
p = {"a": 2., "b": 1.}
xs = jnp.array([1., 2., 3.])
g = jax.grad(lambda p, x: jnp.sum(weighted(p, x)["y"] ** 2) + weighted(p, x)["z"], argnums=(0, 1))(p, xs)
print(jax.tree.map(lambda a: jnp.round(a, 4), g))
print(jax.jit(jax.grad(lambda x: weighted(p, x)["z"]))(xs))
print(jax.vmap(lambda x: jax.grad(lambda x: weighted(p, x)["y"].sum())(x))(jnp.ones((2, 3))))

@jax.custom_gradient
def scale_grad(x):
    return x, lambda g: (g * 10.,)


print(jax.grad(lambda x: scale_grad(x) ** 2)(3.))
try:
    jax.jvp(lambda x: clip_gradient(-1., 1., x), (1.,), (1.,))
except Exception as e:
    print(type(e).__name__)
