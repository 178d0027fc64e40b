# "Stateful computations": a Counter class whose jitted count breaks (state captured at
# trace time), CounterV2 with explicit state passed in and out, the functional pattern for a
# PRNG key threaded through, and the page's linear regression fitted with an update function
# returning new parameters
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
    if i % 250 == 0:
        print(i, loss(params, xs, ys))
print(params.weight, params.bias)
print(type(params).__name__, params._fields)


class RNGState(NamedTuple):
    key: jax.Array
    step: jax.Array


@jax.jit
def noisy_step(state: RNGState, x):
    key, sub = jax.random.split(state.key)
    return RNGState(key, state.step + 1), x + 0.1 * jax.random.normal(sub, x.shape)


s = RNGState(jax.random.key(0), jnp.int32(0))
x = jnp.zeros(3)
for _ in range(3):
    s, x = noisy_step(s, x)
print(s.step, x)


def make_ema(decay):
    def ema_update(state, value):
        new = decay * state + (1 - decay) * value
        return new, new

    return ema_update


ema_state, outs = jax.lax.scan(make_ema(0.9), 0.0, jnp.arange(10.0))
print(ema_state, outs[:3])
print(np.asarray(jax.jit(lambda s: jax.tree.map(lambda a: a * 2, s))({"step": 3, "v": jnp.ones(2)})["v"]))
