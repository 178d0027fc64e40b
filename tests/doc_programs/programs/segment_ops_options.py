# jax.ops segment reductions with num_segments, sortedness hints, bucket sizes and modes
import jax
import jax.numpy as jnp
from jax import ops

data = jnp.array([1., 2., 3., 4., 5., 6.])
ids = jnp.array([0, 0, 1, 1, 1, 3])
print(ops.segment_sum(data, ids), ops.segment_sum(data, ids, num_segments=5))
print(ops.segment_sum(data, ids, num_segments=2), ops.segment_sum(data, ids, 4, indices_are_sorted=True))
print(ops.segment_max(data, ids, 4), ops.segment_min(data, ids, 4), ops.segment_prod(data, ids, 4))
print(ops.segment_max(jnp.arange(6), ids, 4), ops.segment_min(jnp.arange(6, dtype=jnp.uint8), ids, 4))
print(ops.segment_sum(data, jnp.array([0, 1, 9, -1, 2, 2]), 3), ops.segment_sum(data, ids, 4, bucket_size=2))
print(ops.segment_sum(data, jnp.array([0, 1, 9, -1, 2, 2]), 3, mode="clip"))
print(ops.segment_sum(jnp.arange(12.).reshape(6, 2), ids, 4))
print(ops.segment_sum(data, ids, 4, unique_indices=False), ops.segment_max(data, ids, 4, indices_are_sorted=True))
try:
    ops.segment_sum(jnp.array([True, True, False, True, True, True]), ids, 4)
except TypeError as e:
    print("TypeError")
print(jax.jit(ops.segment_sum, static_argnums=2)(data, ids, 4))
print(jax.grad(lambda d: ops.segment_sum(d, ids, 4).sum())(data))
print(jax.grad(lambda d: ops.segment_max(d, ids, 4)[:2].sum())(data))
try:
    jax.grad(lambda d: ops.segment_prod(d, ids, 4).sum())(data)
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(jax.vmap(lambda d: ops.segment_sum(d, ids, 4))(jnp.stack([data, -data])))
print(jax.vmap(lambda i: ops.segment_sum(data, i, 4))(jnp.stack([ids, jnp.zeros(6, jnp.int32)])))
# segment mean and softmax over groups, as GNN tutorials write them
counts = ops.segment_sum(jnp.ones_like(data), ids, 4)
print(ops.segment_sum(data, ids, 4) / jnp.maximum(counts, 1))
logits = jnp.array([1., 2., 0., 1., 3., 5.])
mx = ops.segment_max(logits, ids, 4)
e = jnp.exp(logits - mx[ids])
print((e / ops.segment_sum(e, ids, 4)[ids]).round(4))
