# Options of the transformations' API pages no other program passes: jax.jvp with has_aux,
# jax.hessian / jacfwd / jacrev with has_aux, custom_jvp with nondiff_argnums, jax.vjp with
# has_aux returning the aux, jax.linearize of a pytree function, jax.vmap of a function of
# no mapped inputs with axis_size, and jax.pmap with donate_argnums / static_broadcasted_argnums
from functools import partial

import jax
import jax.numpy as jnp


def f(x):
    y = jnp.sin(x) * x
    return y.sum(), {"norm": jnp.linalg.norm(x), "max": x.max()}


x = jnp.arange(3.0)
out, tangent, aux = jax.jvp(f, (x,), (jnp.ones(3),), has_aux=True)
print(out, tangent, aux)
h, aux = jax.hessian(f, has_aux=True)(x)
print(h, aux["max"])
jf, aux = jax.jacfwd(lambda v: (v**2, v.sum()), has_aux=True)(x)
jr, aux2 = jax.jacrev(lambda v: (v**2, v.sum()), has_aux=True)(x)
print(jf, aux, (jf == jr).all(), aux2)
prim, vjp_fun, aux = jax.vjp(f, x, has_aux=True)
print(prim, vjp_fun(1.0), aux["norm"])


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def app(fn, x):
    return fn(x)


@app.defjvp
def app_jvp(fn, primals, tangents):
    (x,), (t,) = primals, tangents
    return fn(x), 2.0 * t  # a deliberately wrong rule, to see it used


print(
    app(jnp.sin, 1.0),
    jax.grad(lambda v: app(jnp.sin, v))(1.0),
    jax.jit(jax.grad(lambda v: app(jnp.cos, v)))(2.0),
)
print(jax.vmap(jax.grad(lambda v: app(jnp.tanh, v)))(jnp.arange(3.0)))

y, f_jvp = jax.linearize(lambda p: {"a": p["w"] * 2, "b": jnp.sum(p["w"] ** 2)}, {"w": x})
print(y, f_jvp({"w": jnp.ones(3)}))

print(jax.vmap(lambda: jnp.arange(3.0), axis_size=4)())
print(jax.vmap(lambda c: jnp.full((2,), c), in_axes=None, axis_size=3)(7.0))

n = jax.local_device_count()


@partial(jax.pmap, static_broadcasted_argnums=(1,), donate_argnums=(0,))
def scale(v, k):
    return v * k


data = jnp.arange(float(n * 2)).reshape(n, 2)
print(scale(data, 3)[:2], data.is_deleted())
