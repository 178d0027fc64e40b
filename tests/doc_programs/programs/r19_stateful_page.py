# The "Stateful computations" page: a Counter whose state breaks under jit, and an RNG-carrying
# state threaded through lax.scan, with jax.debug.print of the state (the page's CounterV2 is in
# stateful_patterns.py, its linear regression in stateful.py and stateful_linreg.py)
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Counter:
    def __init__(self):
        self.n = 0

    def count(self) -> int:
        self.n += 1
        return self.n

    def reset(self):
        self.n = 0


counter = Counter()
for _ in range(3):
    print(counter.count())
counter.reset()
fast_count = jax.jit(counter.count)
for _ in range(3):
    print(fast_count())
print(jax.make_jaxpr(counter.count)())

class State(NamedTuple):
    key: jax.Array
    total: jax.Array
    step: jax.Array


def step(state, _):
    key, sub = jax.random.split(state.key)
    draw = jax.random.uniform(sub)
    new = State(key, state.total + draw, state.step + 1)
    return new, draw


final, draws = jax.lax.scan(step, State(jax.random.key(1), jnp.float32(0), jnp.int32(0)), length=5)
print(draws, final.total, final.step, jnp.allclose(draws.sum(), final.total))
print(jax.tree.map(lambda x: (x.shape, x.dtype), final))


@jax.jit
def noisy_step(state):
    jax.debug.print("step {s} total {t:.4f}", s=state.step, t=state.total)
    return step(state, None)[0]


s = State(jax.random.key(2), jnp.float32(0), jnp.int32(0))
for _ in range(3):
    s = noisy_step(s)
print(np.asarray(s.step), s.key.dtype, jax.random.key_data(s.key).shape)
