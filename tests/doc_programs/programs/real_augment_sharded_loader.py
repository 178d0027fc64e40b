# A sharded input pipeline: per-host NumPy batches turned into a global jax.Array with
# make_array_from_process_local_data and make_array_from_callback over a ("data",) mesh,
# shard-wise normalisation statistics computed with shard_map and psum, a jitted augmentation
# that keeps the batch sharding, prefetch of two batches with device_put, and a check that
# every device holds its own slice of the global batch
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P("data"))
GB, F = 32, 6
rng = np.random.default_rng(0)
dataset = rng.normal(size=(256, F)).astype(np.float32) * np.arange(1, F + 1) + 5.0


def host_batches():
    for start in range(0, dataset.shape[0], GB):
        yield dataset[start : start + GB]


batch = next(host_batches())
arr = jax.make_array_from_process_local_data(sharding, batch)
print("global batch:", arr.shape, arr.sharding.spec, "shards:", len(arr.addressable_shards))
print("first shard index:", arr.addressable_shards[0].index, "data shape:", arr.addressable_shards[0].data.shape)
cb = jax.make_array_from_callback((GB, F), sharding, lambda idx: batch[idx])
print("callback array equal:", bool(jnp.array_equal(cb, arr)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("data"), out_specs=(P(), P()))
def global_stats(x):
    n = jax.lax.psum(x.shape[0], "data")
    s = jax.lax.psum(x.sum(0), "data")
    ss = jax.lax.psum((x**2).sum(0), "data")
    mean = s / n
    return mean, jnp.sqrt(ss / n - mean**2)


mean, std = global_stats(arr)
print("stats match NumPy:", bool(np.allclose(mean, batch.mean(0), atol=1e-4)), bool(np.allclose(std, batch.std(0), atol=1e-3)))


@jax.jit
def augment(x, key, mean, std):
    x = (x - mean) / std
    noise = jax.random.normal(key, x.shape) * 0.01
    flip = jax.random.bernoulli(key, 0.5, (x.shape[0], 1))
    return jnp.where(flip, -x, x) + noise


out = augment(arr, jax.random.key(0), mean, std)
print("augmented keeps sharding:", out.sharding.is_equivalent_to(sharding, 2), out.shape)
print("normalised std ~1:", bool(jnp.allclose(jnp.abs(out).std(0) > 0.3, True)))


def prefetch(it, n=2):
    queue = []
    for b in it:
        queue.append(jax.device_put(b, sharding))
        if len(queue) == n:
            yield queue.pop(0)
    yield from queue


totals = []
for i, b in enumerate(prefetch(host_batches())):
    totals.append(float(jax.jit(lambda x: x.sum())(b)))
print("batches:", len(totals), "sum matches:", bool(np.isclose(sum(totals), dataset.sum(), rtol=1e-4)))
devs = sorted({s.device.id for s in arr.addressable_shards})
print("devices:", devs)
rows = [int(s.index[0].start) for s in sorted(arr.addressable_shards, key=lambda s: s.device.id)]
print("row offsets by device:", rows)
