# Training states as pytrees: jax.tree_util.register_dataclass (data and meta fields),
# jax.tree_util.Partial holding the apply function, a train step jitted over the state,
# jax.tree.transpose of per-step metrics (typed keys among the leaves)
import dataclasses
import functools
import numpy as np
import jax
import jax.numpy as jnp
from jax.tree_util import Partial, register_dataclass


@functools.partial(register_dataclass, data_fields=['params', 'opt_state', 'step', 'rng'],
                   meta_fields=['learning_rate'])
@dataclasses.dataclass
class TrainState:
    params: dict
    opt_state: dict
    step: jax.Array
    rng: jax.Array
    learning_rate: float


@register_dataclass
@dataclasses.dataclass
class Batch:
    x: jax.Array
    y: jax.Array
    name: str = dataclasses.field(default='batch', metadata=dict(static=True))


def apply_fn(params, x):
    return jnp.tanh(x @ params['w1']) @ params['w2']


key = jax.random.key(0)
k1, k2, k3 = jax.random.split(key, 3)
params = {'w1': jax.random.normal(k1, (3, 4)) * 0.5, 'w2': jax.random.normal(k2, (4, 1)) * 0.5}
state = TrainState(params=params, opt_state=jax.tree.map(jnp.zeros_like, params),
                   step=jnp.array(0), rng=k3, learning_rate=0.1)
print(jax.tree.structure(state))
print(len(jax.tree.leaves(state)), [l.dtype for l in jax.tree.leaves(state)])
print(jax.tree_util.keystr(jax.tree_util.tree_flatten_with_path(state)[0][0][0]))

model = Partial(apply_fn)
print(type(model).__name__, jax.tree.leaves(model))
bound = Partial(apply_fn, params)
print(len(jax.tree.leaves(bound)))

rng = np.random.RandomState(0)
x = rng.randn(16, 3).astype(np.float32)
batch = Batch(x=jnp.asarray(x), y=jnp.asarray(np.sin(x.sum(1, keepdims=True))))
print(jax.tree.structure(batch))


@jax.jit
def train_step(state, batch, model):
    rng, dropout_key = jax.random.split(state.rng)

    def loss_fn(params):
        noisy = batch.x + 0.01 * jax.random.normal(dropout_key, batch.x.shape)
        return jnp.mean((model(params, noisy) - batch.y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    opt_state = jax.tree.map(lambda m, g: 0.9 * m + g, state.opt_state, grads)
    params = jax.tree.map(lambda p, m: p - state.learning_rate * m, state.params, opt_state)
    new_state = dataclasses.replace(state, params=params, opt_state=opt_state,
                                    step=state.step + 1, rng=rng)
    return new_state, {'loss': loss, 'grad_norm': jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads))),
                       'rng': rng}


history = []
for _ in range(4):
    state, metrics = train_step(state, batch, model)
    history.append(metrics)
print(type(state).__name__, state.step, state.learning_rate)
print([round(float(m['loss']), 5) for m in history])

# a list of dicts -> a dict of lists
outer = jax.tree.structure([0] * len(history))
inner = jax.tree.structure(history[0])
transposed = jax.tree.transpose(outer, inner, history)
print(sorted(transposed), len(transposed['loss']))
print([round(float(v), 5) for v in transposed['grad_norm']])
print(jax.random.key_data(transposed['rng'][-1]), jax.random.key_data(state.rng))
stacked = jax.tree.map(lambda *xs: jnp.stack(xs), *history)
print(stacked['loss'].shape, stacked['rng'].shape, stacked['rng'].dtype)

# a new learning rate is a new static value: a retrace
state2 = dataclasses.replace(state, learning_rate=0.01)
state2, m = train_step(state2, batch, model)
print(round(float(m['loss']), 5), state2.step)
print(jax.tree.map(jnp.shape, state2.params))
