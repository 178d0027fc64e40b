# "Stateful computations" and "Pseudorandom numbers" combined as a tutorial trains with them:
# an explicit (params, opt_state, key) state threaded through a jitted update, a counter class
# turned pure, dropout keys by fold_in, key reuse avoided by split, and the state's pytree
from typing import NamedTuple
import jax
import jax.numpy as jnp

class Counter:
    def __init__(self):
        self.n = 0
    def count(self) -> int:
        self.n += 1
        return self.n

counter = Counter()
for _ in range(3):
    print(counter.count())
fast = jax.jit(counter.count)
counter.n = 0
for _ in range(3):
    print(fast())

CounterState = int
class CounterV2:
    def count(self, n: CounterState) -> tuple[int, CounterState]:
        return n + 1, n + 1
    def reset(self) -> CounterState:
        return 0
c2 = CounterV2()
state = c2.reset()
fast_count = jax.jit(c2.count)
for _ in range(3):
    value, state = fast_count(state)
    print(value)

class TrainState(NamedTuple):
    params: dict
    momentum: dict
    key: jax.Array
    step: jax.Array

def init(key):
    k1, k2, key = jax.random.split(key, 3)
    params = {"w": jax.random.normal(k1, (3, 1)) * 0.1, "b": jnp.zeros(1)}
    return TrainState(params, jax.tree.map(jnp.zeros_like, params), key, jnp.array(0))

def loss(params, x, y, key):
    keep = jax.random.bernoulli(key, 0.9, x.shape)
    x = jnp.where(keep, x / 0.9, 0.)
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)

@jax.jit
def update(state, x, y):
    key, sub = jax.random.split(state.key)
    step_key = jax.random.fold_in(sub, state.step)
    l, g = jax.value_and_grad(loss)(state.params, x, y, step_key)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, state.momentum, g)
    params = jax.tree.map(lambda p, m: p - 0.05 * m, state.params, mom)
    return TrainState(params, mom, key, state.step + 1), l

xs = jax.random.normal(jax.random.key(1), (32, 3))
ys = xs @ jnp.array([[1.], [-2.], [0.5]]) + 0.3
state = init(jax.random.key(0))
print(jax.tree.map(lambda a: (a.shape, a.dtype), state))
for i in range(60):
    state, l = update(state, xs, ys)
    if i % 20 == 0:
        print(i, round(float(l), 4))
print(jnp.round(state.params["w"].ravel(), 2), jnp.round(state.params["b"], 2), state.step)
print(jax.random.key_data(state.key))
print(jax.tree.structure(state))
print(jax.eval_shape(update, state, xs, ys)[1])

key = jax.random.key(7)
print(jax.random.uniform(key), jax.random.uniform(key))
key, sub = jax.random.split(key)
print(jax.random.uniform(sub))
keys = jax.random.split(key, 4)
print(jax.vmap(lambda k: jax.random.randint(k, (), 0, 100))(keys))
print(jax.random.normal(jax.random.key(0), (3,)), jax.random.normal(jax.random.key(0), (3, 1)).ravel())
print([float(jax.random.uniform(jax.random.fold_in(key, i))) > 0 for i in range(3)])
def scan_sample(key, n):
    def body(key, _):
        key, sub = jax.random.split(key)
        return key, jax.random.normal(sub)
    return jax.lax.scan(body, key, None, length=n)[1]
print(scan_sample(jax.random.key(3), 4))
