# Stateful computations: explicit state for PRNG keys held in a class, counters threaded through
# lax.scan, a stateful linear model updated by a pure step, a moving-average state
import jax
import jax.numpy as jnp
from typing import NamedTuple


class Counter:
    """A counter that is not safe under jit (its state lives in Python)."""
    def __init__(self):
        self.n = 0

    def count(self) -> int:
        self.n += 1
        return self.n


counter = Counter()
for _ in range(3):
    print(counter.count())
counter = Counter()
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


class RNG:
    """Key-holding helper that splits a fresh key for each draw (state threaded explicitly)."""
    def __init__(self, seed):
        self.key = jax.random.key(seed)

    def next(self):
        self.key, sub = jax.random.split(self.key)
        return sub


rng = RNG(0)
a = jax.random.uniform(rng.next(), (3,))
b = jax.random.uniform(rng.next(), (3,))
print(jnp.round(a, 4), jnp.round(b, 4), bool(jnp.any(a != b)))
print(jax.random.key_data(rng.key))

# a counter and a key threaded through scan
def step(carry, x):
    count, key = carry
    key, sub = jax.random.split(key)
    noise = jax.random.normal(sub, ())
    return (count + 1, key), x + 0.01 * noise


(count, key), ys = jax.lax.scan(step, (0, jax.random.key(1)), jnp.arange(5.))
print(count, jnp.round(ys, 3))
print(jax.random.key_data(key))

# a linear model's parameters as explicit state
class Params(NamedTuple):
    weight: jnp.ndarray
    bias: jnp.ndarray


def init(rng) -> Params:
    weights_key, bias_key = jax.random.split(rng)
    weight = jax.random.normal(weights_key, ())
    bias = jax.random.normal(bias_key, ())
    return Params(weight, bias)


def loss(params: Params, x, y):
    pred = params.weight * x + params.bias
    return jnp.mean((pred - y) ** 2)


LEARNING_RATE = 0.005


@jax.jit
def update(params: Params, x, y) -> Params:
    grad = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grad)


rng = jax.random.key(42)
xs = jax.random.normal(rng, (128, 1))
noise = jax.random.normal(jax.random.key(7), (128, 1)) * 0.5
ys = xs * 3 - 1 + noise
params = init(rng)
for _ in range(1000):
    params = update(params, xs, ys)
print(type(params).__name__, jnp.round(params.weight, 2), jnp.round(params.bias, 2))

# an exponential moving average carried as state in a scan with an update counter
class EMA(NamedTuple):
    value: jnp.ndarray
    steps: jnp.ndarray


def ema_update(state: EMA, x, decay=0.9):
    value = decay * state.value + (1 - decay) * x
    steps = state.steps + 1
    return EMA(value, steps), value / (1 - decay ** steps)


final, debiased = jax.lax.scan(ema_update, EMA(jnp.zeros(2), jnp.int32(0)),
                               jnp.ones((4, 2)) * jnp.array([1., 3.]))
print(final.steps, jnp.round(final.value, 4), jnp.round(debiased[:, 1], 4))
