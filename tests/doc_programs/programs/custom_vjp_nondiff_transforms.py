# Custom derivative rules under every transformation: custom_vjp with nondiff_argnums (a
# function and an int) under jit / vmap / scan / grad-of-vmap, custom_jvp with nondiff_argnums
# under vmap and jacfwd, and the errors for the misuses the page lists.
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.custom_vjp, nondiff_argnums=(0, 2))
def app_pow(f, x, n):
    return f(x) ** n


def app_pow_fwd(f, x, n):
    y = f(x)
    return y ** n, (x, y)


def app_pow_bwd(f, n, res, g):
    x, y = res
    _, f_vjp = jax.vjp(f, x)
    return f_vjp(n * y ** (n - 1) * g)


app_pow.defvjp(app_pow_fwd, app_pow_bwd)

print(app_pow(jnp.sin, 1.0, 3))
print(jax.grad(app_pow, argnums=1)(jnp.sin, 1.0, 3))
print(jax.jit(jax.grad(app_pow, argnums=1), static_argnums=(0, 2))(jnp.sin, 1.0, 3))
print(jax.vmap(jax.grad(app_pow, argnums=1), in_axes=(None, 0, None))(jnp.sin, jnp.arange(3.0), 2))
print(jax.grad(lambda xs: jnp.sum(jax.vmap(lambda x: app_pow(jnp.cos, x, 2))(xs)))(jnp.arange(3.0)))


def scan_body(c, x):
    return c + app_pow(jnp.tanh, x, 2), c


print(jax.grad(lambda xs: lax.scan(scan_body, 0.0, xs)[0])(jnp.linspace(0.0, 1.0, 4)))
print(jax.value_and_grad(lambda x: app_pow(jnp.exp, x, 2))(0.5))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def clip_by(x, limit):
    return jnp.clip(x, -limit, limit)


@clip_by.defjvp
def clip_by_jvp(limit, primals, tangents):
    (x,), (t,) = primals, tangents
    return clip_by(x, limit), jnp.where(jnp.abs(x) < limit, t, 0.1 * t)


xs = jnp.array([-3.0, -0.5, 0.2, 2.0])
print(jax.vmap(jax.grad(clip_by), in_axes=(0, None))(xs, 1.0))
print(jax.jacfwd(lambda x: clip_by(x, 1.0))(xs))
print(jax.jacrev(lambda x: clip_by(x, 1.0))(xs))
print(jax.jit(jax.vmap(clip_by, in_axes=(0, None)), static_argnums=1)(xs, 1.5))


@jax.custom_vjp
def f(x, y):
    return jnp.sin(x) * y


def f_fwd(x, y):
    return f(x, y), (jnp.cos(x), jnp.sin(x), y)


def f_bwd(res, g):
    cos_x, sin_x, y = res
    return (cos_x * g * y, sin_x * g)


f.defvjp(f_fwd, f_bwd)
print(jax.grad(f, argnums=(0, 1))(1.0, 2.0))
print(jax.vmap(jax.grad(f))(jnp.arange(3.0), jnp.ones(3)))
print(jax.make_jaxpr(jax.grad(f))(1.0, 2.0))

try:
    jax.jvp(f, (1.0, 2.0), (1.0, 0.0))
except TypeError as e:
    print("TypeError:", str(e).splitlines()[0][:60])


def bad_bwd(res, g):
    return (g,)


bad = jax.custom_vjp(lambda x, y: x * y)
bad.defvjp(lambda x, y: (x * y, None), bad_bwd)
try:
    jax.grad(bad)(1.0, 2.0)
except Exception as e:
    print(type(e).__name__)
