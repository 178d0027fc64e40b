# Custom derivative rules for JAX-transformable Python functions
import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp, grad, jit, vmap, jvp, vjp
from functools import partial


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
    ans_dot = (1 - 1/(1 + jnp.exp(x))) * x_dot
    return ans, ans_dot


print(grad(log1pexp)(100.))
print(jit(log1pexp)(3.))
print(jit(grad(log1pexp))(3.))
print(vmap(jit(grad(log1pexp)))(jnp.arange(3.)))


@custom_jvp
def log1pexp2(x):
    return jnp.log(1. + jnp.exp(x))


log1pexp2.defjvps(lambda t, ans, x: (1 - 1/(1 + jnp.exp(x))) * t)
print(grad(log1pexp2)(100.))


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
    ans_dot = ((jnp.sqrt(x) + 2) / (2 * (jnp.sqrt(x) + 1)**2)) * x_dot
    return ans, ans_dot


print(grad(f)(0.))

# clip_gradient with custom_vjp


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


print(vmap(grad(clip_sin))(t)[::100])

# fixed_point with nondiff_argnums
from jax.lax import while_loop


@partial(custom_vjp, nondiff_argnums=(0,))
def fixed_point(f, a, x_guess):
    def cond_fun(carry):
        x_prev, x = carry
        return jnp.abs(x_prev - x) > 1e-6

    def body_fun(carry):
        _, x = carry
        return x, f(a, x)

    _, x_star = while_loop(cond_fun, body_fun, (x_guess, f(a, x_guess)))
    return x_star


def fixed_point_fwd(f, a, x_init):
    x_star = fixed_point(f, a, x_init)
    return x_star, (a, x_star)


def fixed_point_rev(f, res, x_star_bar):
    a, x_star = res
    _, vjp_a = vjp(lambda a: f(a, x_star), a)
    a_bar, = vjp_a(fixed_point(partial(rev_iter, f),
                               (a, x_star, x_star_bar),
                               x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


def rev_iter(f, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = vjp(lambda x: f(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(newton_sqrt(2.))
print(grad(newton_sqrt)(2.))
print(grad(grad(newton_sqrt))(2.))


# custom_jvp with nondiff_argnums
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


@partial(custom_vjp, nondiff_argnums=(0,))
def app2(f, x):
    return f(x)


def app2_fwd(f, x):
    return f(x), x


def app2_bwd(f, x, g):
    return (5 * g,)


app2.defvjp(app2_fwd, app2_bwd)
print(app2(lambda x: x ** 2, 4.))
print(grad(app2, 1)(lambda x: x ** 2, 4.))

# custom_vjp on f(x, y)


@custom_vjp
def fxy(x, y):
    return jnp.sin(x) * y


def f_fwd(x, y):
    return fxy(x, y), (jnp.cos(x), jnp.sin(x), y)


def f_bwd(res, g):
    cos_x, sin_x, y = res
    return (cos_x * g * y, sin_x * g)


fxy.defvjp(f_fwd, f_bwd)
print(grad(fxy)(2., 3.))
try:
    jvp(fxy, (2., 3.), (1., 0.))
except Exception as e:
    print(type(e).__name__)

# pytrees and custom_jvp
from collections import namedtuple
Point = namedtuple("Point", ["x", "y"])


@custom_jvp
def fp(pt):
    x, y = pt.x, pt.y
    return {'a': x ** 2, 'b': (jnp.sin(x), jnp.cos(y))}


@fp.defjvp
def fp_jvp(primals, tangents):
    pt, = primals
    pt_dot, = tangents
    ans = fp(pt)
    ans_dot = {'a': 2 * pt.x * pt_dot.x,
               'b': (jnp.cos(pt.x) * pt_dot.x, -jnp.sin(pt.y) * pt_dot.y)}
    return ans, ans_dot


def fun(pt):
    dct = fp(pt)
    return dct['a'] + dct['b'][0]


pt = Point(1., 2.)
print(fp(pt))
print(grad(fun)(pt))

# symbolic_zeros / custom_jvp with jnp.where safe
@jax.custom_jvp
def safe_log(x):
    return jnp.log(x)


safe_log.defjvp(lambda p, t: (safe_log(p[0]), t[0] / p[0]))
print(jax.grad(lambda x: safe_log(x) * 2)(3.0))
print(jax.jacfwd(safe_log)(jnp.array([1., 2.])))
