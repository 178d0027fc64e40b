# The "Stateful computations" page: a Counter class whose jitted method goes stale, the
# explicit-state CounterV2, a linear regression trained with an update(params, x, y) step,
# an RNG state threaded through a jitted loop, and a running-average state in a NamedTuple
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

CounterState = int


class CounterV2:
    def count(self, n: CounterState) -> tuple[int, CounterState]:
        return n + 1, n + 1

    def reset(self) -> CounterState:
        return 0


counter = CounterV2()
state = counter.reset()
fast_count = jax.jit(counter.count)
for _ in range(3):
    value, state = fast_count(state)
    print(value)


class Params(NamedTuple):
    weight: jnp.ndarray
    bias: jnp.ndarray


def init(rng) -> Params:
    weights_key, bias_key = jax.random.split(rng)
    weight = jax.random.normal(weights_key, ())
    bias = jax.random.normal(bias_key, ())
    return Params(weight, bias)


def loss(params: Params, x: jnp.ndarray, y: jnp.ndarray) -> jnp.ndarray:
    pred = params.weight * x + params.bias
    return jnp.mean((pred - y) ** 2)


LEARNING_RATE = 0.005


@jax.jit
def update(params: Params, x: jnp.ndarray, y: jnp.ndarray) -> Params:
    grad = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda param, g: param - g * LEARNING_RATE, params, grad)
    return new_params


rng = jax.random.key(42)
true_w, true_b = 2, -1
x_rng, noise_rng = jax.random.split(rng)
xs = jax.random.normal(x_rng, (128, 1))
noise = jax.random.normal(noise_rng, (128, 1)) * 0.5
ys = xs * true_w + true_b + noise

params = init(rng)
for i in range(1000):
    params = update(params, xs, ys)
print(f"w: {params.weight:.2f}, b: {params.bias:.2f}")
print(type(params).__name__, params.weight.dtype, params.weight.shape)


class RunningMean(NamedTuple):
    total: jax.Array
    count: jax.Array


@jax.jit
def observe(state, x):
    return RunningMean(state.total + x.sum(), state.count + x.size)


rm = RunningMean(jnp.float32(0), jnp.int32(0))
for batch in np.split(np.arange(12.0), 3):
    rm = observe(rm, batch)
print(rm, rm.total / rm.count)


@jax.jit
def sample_walk(key, n_steps_state):
    def body(i, carry):
        key, pos = carry
        key, sub = jax.random.split(key)
        return key, pos + jax.random.choice(sub, jnp.array([-1, 1]))

    return jax.lax.fori_loop(0, 10, body, (key, n_steps_state))


key, pos = sample_walk(jax.random.key(0), 0)
print(pos, key.dtype)
key, pos = sample_walk(key, pos)
print(pos)
