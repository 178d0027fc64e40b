# "Just-in-time compilation": static_argnums / static_argnames, retracing seen through a print
# in the traced function, jit of methods via partial and static self, keep_unused, hashable
# static arguments, jit on closures, donate_argnames, and weak-typed Python scalars' caching
from functools import partial

import jax
import jax.numpy as jnp

traces = []


@partial(jax.jit, static_argnames=("mode",))
def f(x, mode="sum"):
    traces.append(mode)
    return x.sum() if mode == "sum" else x.max()


print(f(jnp.arange(4.0)), f(jnp.arange(4.0), mode="max"), f(jnp.arange(4.0) + 1), f(jnp.arange(5.0)))
print(traces)
traces.clear()
g = jax.jit(lambda x, n: x ** n, static_argnums=1)
print(g(2.0, 3), g(2.0, 3), g(jnp.float32(2.0), 3))


@jax.jit
def h(x):
    traces.append(type(x).__name__)
    return x * 2


h(1.0)
h(2.0)
h(jnp.float32(3.0))
h(jnp.int32(3))
h(3)
print(len(traces))


class Scaler:
    def __init__(self, k):
        self.k = k

    @partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        return x * self.k

    def __hash__(self):
        return hash(self.k)

    def __eq__(self, other):
        return isinstance(other, Scaler) and self.k == other.k


print(Scaler(3)(jnp.ones(2)), Scaler(3)(jnp.ones(2)))
try:
    jax.jit(lambda x, s: x, static_argnums=1)(1.0, [1, 2])
except ValueError as e:
    print("ValueError")
kept = jax.jit(lambda x, y: x + 1, keep_unused=True)
print(kept(1.0, 2.0), len(kept.lower(1.0, 2.0).compile().input_shardings[0]))
print(len(jax.jit(lambda x, y: x + 1).lower(1.0, 2.0).args_info[0]))
scale = jnp.float32(5.0)
closure = jax.jit(lambda x: x * scale)
print(closure(2.0))
scale = jnp.float32(7.0)
print(closure(2.0))
d = jax.jit(lambda state, x: {"s": state["s"] + x}, donate_argnames="state")
st = {"s": jnp.ones(3)}
new = d(st, 1.0)
print(new, st["s"].is_deleted())
print(jax.jit(lambda x: x).lower(1.0).in_avals if hasattr(jax.jit(lambda x: x).lower(1.0), "in_avals") else jax.jit(lambda x: x).lower(1.0).args_info)
print(jax.jit(lambda x: x + 1)(2).dtype, jax.jit(lambda x: x + 1)(2.0).dtype, jax.jit(lambda x: x + 1.5)(jnp.int32(2)).dtype)
