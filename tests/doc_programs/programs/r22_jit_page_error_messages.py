# "Just-in-time compilation" / "Key concepts" pages: the errors as the pages show them (the
# messages printed, not just their types): branching on a traced value, a while loop bound by a
# traced argument, a traced shape, NumPy functions on tracers, list indexing by a tracer,
# non-hashable static arguments, static arguments given by keyword, and the fixes the pages use
# (static_argnums / static_argnames, jnp.where, lax.cond); each message printed whole, with the
# line naming the traced function and the arguments the value depends on
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        msg = str(e).strip().splitlines()
        print(type(e).__name__ + ":", msg[0])
        for line in msg[1:]:
            print("   ", line)


def f(x):
    if x > 0:
        return x
    else:
        return 2 * x


show(jax.jit(f), 10)


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


show(jax.jit(g), 10, 20)
show(jax.jit(g, static_argnames=["n"]), 10, 20)
show(jax.jit(g, static_argnums=1), 10, n=20)
show(jax.jit(lambda x: jnp.ones(x)), 3)
show(jax.jit(lambda x: jnp.zeros((x.shape[0], int(x[0])))), jnp.arange(3))
show(jax.jit(lambda x: np.sin(x)), jnp.ones(2))
show(jax.jit(lambda x: np.asarray(x)), jnp.ones(2))
show(jax.jit(lambda i: [1, 2, 3][i]), 1)
show(jax.jit(lambda x, cfg: x * cfg["s"], static_argnums=1), 1.0, {"s": 2})
show(jax.jit(lambda x: x.reshape(x.sum())), jnp.ones(2, jnp.int32))
show(jax.jit(lambda x: jnp.arange(x)), 4)
show(jax.jit(lambda x: x[x > 0]), jnp.array([1.0, -1.0]))
show(jax.jit(lambda x: jnp.nonzero(x)), jnp.array([1.0, 0.0]))
show(jax.jit(lambda x: jnp.nonzero(x, size=2, fill_value=-1)), jnp.array([1.0, 0.0]))
show(jax.jit(lambda x: jnp.where(x > 0, x, 2 * x)), jnp.array([1.0, -1.0]))
show(jax.jit(lambda x: jax.lax.cond(x > 0, lambda v: v, lambda v: 2 * v, x)), -3.0)
show(jax.grad(lambda x: x), 3)
show(jax.grad(lambda x: x * jnp.ones(2)), 3.0)
show(jax.vmap(lambda x, y: x + y), jnp.ones(2), jnp.ones(3))
show(jax.jit(lambda x: x.astype(int) if x.dtype == jnp.float32 else x), jnp.ones(2))
show(jax.jit(lambda x: bool(x.any())), jnp.ones(2))


@partial(jax.jit, static_argnums=(0,))
def h(n, x):
    return x**n


show(h, 3, 2.0)
show(h, [3], 2.0)
show(jax.jit(lambda x: x + 1), "a")
show(jax.jit(lambda x: x + 1), [1, 2])
show(jnp.add, [1, 2], 1)
