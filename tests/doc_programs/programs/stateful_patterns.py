# Stateful computations: counters, state threading, scan over an optimizer state
from typing import NamedTuple
import jax
import jax.numpy as jnp


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

CounterState = int


class CounterV2:
    def count(self, n: CounterState) -> tuple[int, CounterState]:
        return n + 1, n + 1

    def reset(self) -> CounterState:
        return 0


counter = CounterV2()
state = counter.reset()
for _ in range(3):
    value, state = counter.count(state)
    print(value)
state = counter.reset()
fast_count = jax.jit(counter.count)
for _ in range(3):
    value, state = fast_count(state)
    print(value)


class Params(NamedTuple):
    weight: jnp.ndarray
    bias: jnp.ndarray


class OptState(NamedTuple):
    params: Params
    momentum: Params
    step: jnp.ndarray


def init(rng):
    w = jax.random.normal(rng, ())
    p = Params(w, jnp.zeros(()))
    return OptState(p, jax.tree.map(jnp.zeros_like, p), jnp.zeros((), jnp.int32))


def loss(p, x, y):
    return jnp.mean((p.weight * x + p.bias - y) ** 2)


@jax.jit
def update(state, batch):
    x, y = batch
    g = jax.grad(loss)(state.params, x, y)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, state.momentum, g)
    params = jax.tree.map(lambda p, m: p - 0.05 * m, state.params, mom)
    return OptState(params, mom, state.step + 1), loss(state.params, x, y)


rng = jax.random.key(42)
xs = jax.random.normal(rng, (128,))
ys = 3 * xs - 1 + 0.1 * jax.random.normal(jax.random.key(1), (128,))
st = init(rng)
for i in range(60):
    st, l = update(st, (xs, ys))
print(st.step, jnp.round(st.params.weight, 2), jnp.round(st.params.bias, 2))
st2, losses = jax.lax.scan(update, init(rng), (xs.reshape(16, 8)[None].repeat(60, 0).reshape(60, 16, 8)[:, 0], ys.reshape(16, 8)[None].repeat(60, 0).reshape(60, 16, 8)[:, 0]))
print(st2.step, losses.shape, losses[-1] < losses[0])
print(jax.tree.map(jnp.shape, st2))


# a PRNG state object passed explicitly
class RNG(NamedTuple):
    key: jax.Array

    def next(self):
        k, sub = jax.random.split(self.key)
        return RNG(k), sub


r = RNG(jax.random.key(0))
samples = []
for _ in range(3):
    r, sub = r.next()
    samples.append(jax.random.uniform(sub))
print(jnp.stack(samples))
print(jax.jit(lambda r: r.next()[0])(r).key.shape)
