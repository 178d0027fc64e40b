# Stateful computations: explicit state for PRNG keys held in a class, counters and keys
# threaded through lax.scan, per-step keys by fold_in of a step counter, batch-norm running
# statistics carried as explicit state (train vs eval), a moving-average state
import jax
import jax.numpy as jnp
from typing import NamedTuple


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

# per-step keys from one base key and a step counter (no key in the carry)
base = jax.random.key(7)


@jax.jit
def noisy_step(step, x):
    k = jax.random.fold_in(base, step)
    return x + jax.random.normal(k, x.shape) * 0.1, step + 1


x, s = jnp.zeros(2), jnp.int32(0)
for _ in range(3):
    x, s = noisy_step(s, x)
print(s, jnp.round(x, 4))
x2, s2 = jnp.zeros(2), jnp.int32(0)
for _ in range(3):
    x2, s2 = noisy_step(s2, x2)
print(bool(jnp.all(x == x2)))

# batch norm with running statistics as explicit state
class BNState(NamedTuple):
    mean: jnp.ndarray
    var: jnp.ndarray


def batch_norm(params, state, x, train, momentum=0.9, eps=1e-5):
    if train:
        mean, var = x.mean(0), x.var(0)
        state = BNState(momentum * state.mean + (1 - momentum) * mean,
                        momentum * state.var + (1 - momentum) * var)
    else:
        mean, var = state.mean, state.var
    y = (x - mean) / jnp.sqrt(var + eps) * params["scale"] + params["bias"]
    return y, state


params = {"scale": jnp.ones(3), "bias": jnp.zeros(3)}
state = BNState(jnp.zeros(3), jnp.ones(3))
train_bn = jax.jit(lambda p, s, x: batch_norm(p, s, x, True))
data = jax.random.normal(jax.random.key(3), (5, 16, 3)) * jnp.array([1., 2., 3.]) + 4.
for batch in data:
    y, state = train_bn(params, state, batch)
print(type(state).__name__, jnp.round(state.mean, 3), jnp.round(state.var, 3))
print(jnp.round(y.mean(0), 4), jnp.round(y.std(0), 3))
y_eval, same = batch_norm(params, state, data[0], train=False)
print(same is state, jnp.round(y_eval[:2], 3))
g = jax.grad(lambda p: jnp.sum(batch_norm(p, state, data[0], True)[0] ** 3))(params)
print(jax.tree.map(lambda v: jnp.round(v, 3), g))

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
