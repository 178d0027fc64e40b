# "Just-in-time compilation" page, caching and static arguments: re-tracing counted for new
# shapes, dtypes, weak types and static values, static arguments by position and by name,
# hashable and unhashable statics (and the error), jit of methods with static self, functools
# partial versus a new lambda each call, and the keyword arguments a jitted function accepts
import functools

import jax
import jax.numpy as jnp
import numpy as np

traces = []


def show(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
        print("ok", out)
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


@functools.partial(jax.jit, static_argnums=1)
def power(x, n):
    traces.append(("power", n))
    return x**n


power(2.0, 3)
power(3.0, 3)
power(2.0, 4)
power(jnp.float32(2.0), 3)
power(jnp.ones(2), 3)
print(traces)


@functools.partial(jax.jit, static_argnames=("mode",))
def combine(x, mode="sum"):
    traces.append(("combine", mode))
    return x.sum() if mode == "sum" else x.max()


print(
    combine(jnp.arange(4.0)),
    combine(jnp.arange(4.0), mode="max"),
    combine(jnp.arange(4.0), mode="max"),
)
show(combine, jnp.arange(4.0), mode=["sum"])
show(power, 2.0, [3])
show(jax.jit(lambda x, n: x**n, static_argnums=(3,)), 2.0, 3)
show(jax.jit(lambda x, *, n: x**n, static_argnames="n"), 2.0, n=2)
show(jax.jit(lambda x: x, static_argnames="y"), 1.0)


class Scaler:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return hash(self.k)

    def __eq__(self, other):
        return isinstance(other, Scaler) and self.k == other.k

    @functools.partial(jax.jit, static_argnums=0)
    def apply(self, x):
        traces.append(("apply", self.k))
        return x * self.k


print(Scaler(2).apply(1.0), Scaler(2).apply(2.0), Scaler(3).apply(1.0))
count = len(traces)
for i in range(3):
    jax.jit(lambda x: x + 1)(i)
f = jax.jit(functools.partial(power, n=2))
print(f(3.0), f(4.0), len(traces) - count)
print(traces[-3:])
show(jax.jit(lambda x: x), np.arange(3))
show(jax.jit(lambda x: x.shape), jnp.ones((2, 3)))
show(jax.jit(lambda x: x), "a string")
print(jax.jit(lambda x, y=2.0: x * y)(3.0), jax.jit(lambda x, y=2.0: x * y)(3.0, y=4.0))
