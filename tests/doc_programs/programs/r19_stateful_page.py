# The "Stateful computations" page: a Counter whose state breaks under jit, the functional
# CounterV2, linear regression with a Params namedtuple updated by a jitted step, and an
# RNG-carrying state threaded through lax.scan; with jax.debug.print of the state
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
    print(value, type(value).__name__, value.weak_type)


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
print(params)
for i in range(1000):
    params = update(params, xs, ys)
    if i % 250 == 0:
        print(i, round(float(loss(params, xs, ys)), 4))
print(f"w={float(params.weight):.3f} b={float(params.bias):.3f}", type(params).__name__)


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
