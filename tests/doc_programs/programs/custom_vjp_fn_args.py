# Custom derivative rules with functions as nondiff arguments: an integral whose custom_vjp
# differentiates its limits, a custom_jvp applying a function n times, a
# custom_vjp with pytree residuals under jit and vmap, and custom_jvp of a safe norm
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp


@partial(custom_vjp, nondiff_argnums=(0,))
def integrate(f, a, b):
    t = jnp.linspace(a, b, 201)
    return jnp.trapezoid(f(t), t)


def integrate_fwd(f, a, b):
    return integrate(f, a, b), (a, b)


def integrate_bwd(f, res, g):
    a, b = res
    return (-g * f(a), g * f(b))


integrate.defvjp(integrate_fwd, integrate_bwd)
print(jnp.round(integrate(jnp.sin, 0., jnp.pi), 4))
print(jnp.round(jnp.array(jax.grad(integrate, argnums=(1, 2))(jnp.cos, 0., 1.)), 4))
print(jnp.round(jax.jit(jax.vmap(jax.grad(integrate, argnums=2), in_axes=(None, None, 0)), static_argnums=0)(
    jnp.exp, 0., jnp.array([0., 1., 2.])), 4))


@partial(custom_jvp, nondiff_argnums=(0, 1))
def repeat_apply(f, n, x):
    for _ in range(n):
        x = f(x)
    return x


@repeat_apply.defjvp
def repeat_apply_jvp(f, n, primals, tangents):
    x, t = primals[0], tangents[0]
    for _ in range(n):
        x, t = jax.jvp(f, (x,), (t,))
    return x, t


print(repeat_apply(jnp.sin, 3, 1.), jax.grad(repeat_apply, 2)(jnp.sin, 3, 1.))
print(jax.vmap(jax.grad(lambda x: repeat_apply(jnp.cos, 2, x)))(jnp.array([0., 1.])))


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
