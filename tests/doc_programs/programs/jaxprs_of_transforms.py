# Printed jaxprs of transformed functions: grad, vmap, jvp, value_and_grad, checkpoint, custom rules
import functools
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * x ** 2


print(jax.make_jaxpr(jax.grad(f))(1.0))
print(jax.make_jaxpr(jax.value_and_grad(f))(1.0))
print(jax.make_jaxpr(lambda x, t: jax.jvp(f, (x,), (t,)))(1.0, 1.0))
print(jax.make_jaxpr(jax.vmap(f))(jnp.ones(3)))
print(jax.make_jaxpr(jax.vmap(jnp.dot, in_axes=(0, None)))(jnp.ones((2, 3)), jnp.ones(3)))
print(jax.make_jaxpr(jax.grad(lambda x: jnp.sum(jnp.tanh(x))))(jnp.ones(2)))
print(jax.make_jaxpr(jax.jit(f))(1.0))


@jax.custom_jvp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


softplus.defjvp(lambda p, t: (softplus(p[0]), t[0] * jax.nn.sigmoid(p[0])))
print(jax.make_jaxpr(softplus)(1.0))
print(jax.make_jaxpr(jax.grad(softplus))(1.0))


@jax.custom_vjp
def clip_grad(x):
    return x


clip_grad.defvjp(lambda x: (x, None), lambda _, g: (jnp.minimum(jnp.maximum(g, -1.), 1.),))
print(jax.make_jaxpr(clip_grad)(1.0))
print(jax.make_jaxpr(jax.grad(lambda x: clip_grad(x) * 3))(1.0))


@functools.partial(jax.jit, static_argnums=1)
def power(x, n):
    return x ** n


print(jax.make_jaxpr(power, static_argnums=1)(2.0, 3))
print(jax.make_jaxpr(lambda x: power(x, 3))(2.0))
jaxpr, shape = jax.make_jaxpr(lambda x: (x, x.sum()), return_shape=True)(jnp.ones(2))
print(shape)
print(jaxpr.in_avals, jaxpr.out_avals, len(jaxpr.eqns), jaxpr.consts)
print(jax.make_jaxpr(lambda d: d["a"] + d["b"])({"a": 1.0, "b": jnp.ones(2)}))
print(jax.make_jaxpr(lambda x: jax.lax.stop_gradient(x) + x)(1.0))
