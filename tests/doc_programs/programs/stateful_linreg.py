# Stateful computations: PRNG state threading, linear regression with NamedTuple params, rng in loops
from typing import NamedTuple
import numpy as np
import jax
import jax.numpy as jnp


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
print(type(params).__name__, params._fields)
for i in range(300):
    params = update(params, xs, ys)
    if i % 100 == 0:
        print(f"{i}: loss {loss(params, xs, ys):.4f}")
print(f"w {params.weight:.3f} b {params.bias:.3f}")
print(jax.tree.map(jnp.shape, params))
print(jax.grad(loss)(params, xs, ys).__class__.__name__)


# state in a scan: random walk with key threading
def step(state, _):
    key, pos = state
    key, sub = jax.random.split(key)
    pos = pos + jax.random.choice(sub, jnp.array([-1, 1]))
    return (key, pos), pos


(_, final), path = jax.lax.scan(step, (jax.random.key(0), 0), None, length=8)
print(final, path)


class RNGState(NamedTuple):
    key: jax.Array
    count: jax.Array


def draw(state: RNGState):
    key, sub = jax.random.split(state.key)
    return jax.random.uniform(sub), RNGState(key, state.count + 1)


st = RNGState(jax.random.key(7), jnp.array(0))
vals = []
for _ in range(3):
    v, st = jax.jit(draw)(st)
    vals.append(float(v))
print(np.round(vals, 4), st.count)


# Adam by hand, state as a pytree
def adam_init(p):
    return {'m': jax.tree.map(jnp.zeros_like, p), 'v': jax.tree.map(jnp.zeros_like, p), 't': 0}


@jax.jit
def adam_step(p, s, x, y, lr=0.05, b1=0.9, b2=0.999, eps=1e-8):
    g = jax.grad(loss)(p, x, y)
    t = s['t'] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, s['m'], g)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, s['v'], g)
    mh = jax.tree.map(lambda m: m / (1 - b1 ** t), m)
    vh = jax.tree.map(lambda v: v / (1 - b2 ** t), v)
    p = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), p, mh, vh)
    return p, {'m': m, 'v': v, 't': t}


p = init(jax.random.key(1))
s = adam_init(p)
for i in range(100):
    p, s = adam_step(p, s, xs, ys)
print(f"adam: w {p.weight:.2f} b {p.bias:.2f} t {s['t']}")
print(jax.tree.structure(s))
