# The stateful-computations pattern from the docs applied to a data pipeline: a Python class
# holding a PRNG key and a step counter turned into pure functions that take and return a state
# NamedTuple, an augmentation pipeline (random crops by dynamic_slice, flips, gaussian noise) run
# under jit with the state threaded through, a scan over epochs, reproducibility from the same
# seed, and the key-splitting discipline checked against fold_in-based streams
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PipelineState(NamedTuple):
    key: jax.Array
    step: jax.Array
    seen: jax.Array


def init_state(seed):
    return PipelineState(jax.random.key(seed), jnp.int32(0), jnp.zeros(10, jnp.int32))


def augment(key, img):
    k1, k2, k3 = jax.random.split(key, 3)
    off = jax.random.randint(k1, (2,), 0, 5)
    crop = jax.lax.dynamic_slice(jnp.pad(img, 2, mode="reflect"), (off[0], off[1]), (8, 8))
    crop = jnp.where(jax.random.bernoulli(k2), crop[:, ::-1], crop)
    return crop + 0.05 * jax.random.normal(k3, crop.shape)


def next_batch(state, images, labels, bs=8):
    key, k_idx, k_aug = jax.random.split(state.key, 3)
    idx = jax.random.choice(k_idx, images.shape[0], (bs,), replace=False)
    batch = jax.vmap(augment)(jax.random.split(k_aug, bs), images[idx])
    seen = state.seen.at[labels[idx]].add(1)
    return PipelineState(key, state.step + 1, seen), batch, labels[idx]


images = jnp.arange(40 * 64, dtype=jnp.float32).reshape(40, 8, 8) / 2560.0
labels = jnp.arange(40) % 10
state = init_state(0)
step_fn = jax.jit(next_batch)
state, batch, lb = step_fn(state, images, labels)
print("batch:", batch.shape, batch.dtype, "labels:", lb)
print("state step:", int(state.step), "key dtype:", state.key.dtype)


def epoch(state, _):
    def body(s, _):
        s, b, l = next_batch(s, images, labels)
        return s, b.mean()

    return jax.lax.scan(body, state, None, length=5)


final, means = jax.jit(lambda s: jax.lax.scan(epoch, s, None, length=3))(init_state(0))
print("after 3 epochs of 5 steps:", int(final.step), "labels seen:", final.seen, "total:", int(final.seen.sum()))
print("batch means shape:", means.shape)
again, means2 = jax.jit(lambda s: jax.lax.scan(epoch, s, None, length=3))(init_state(0))
print("reproducible:", bool(jnp.array_equal(means, means2)), bool(jnp.array_equal(jax.random.key_data(final.key), jax.random.key_data(again.key))))
other, means3 = jax.jit(lambda s: jax.lax.scan(epoch, s, None, length=3))(init_state(1))
print("different seed differs:", not bool(jnp.array_equal(means, means3)))


class StatefulCounter:
    def __init__(self):
        self.n = 0

    def count(self):
        self.n += 1
        return self.n


counter = StatefulCounter()
jit_count = jax.jit(counter.count)
print("stateful method under jit:", jit_count(), jit_count(), "python state:", counter.n)
streams = jax.vmap(lambda i: jax.random.uniform(jax.random.fold_in(jax.random.key(0), i), (3,)))(jnp.arange(4))
print("fold_in streams distinct:", bool(len(set(map(float, streams[:, 0]))) == 4), streams.shape)
