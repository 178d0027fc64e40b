# Data-parallel training with shard_map: per-device gradients averaged with pmean, a global loss
# by psum, a ring all-reduce by ppermute checked against psum, axis_index, and the specs checked
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Explicit,))
rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(64, 3)).astype(np.float32))
Y = X @ jnp.array([2.0, -1.0, 0.5]) + 1.0


def loss(params, x, y):
    w, b = params
    return jnp.mean((x @ w + b - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))
def train_step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    g = jax.lax.pmean(g, "dp")
    l = jax.lax.psum(l, "dp") / 4
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, g), l


params = (jnp.zeros(3), jnp.zeros(()))
xs = jax.device_put(X, NamedSharding(mesh, P("dp")))
ys = jax.device_put(Y, NamedSharding(mesh, P("dp")))
for i in range(40):
    params, l = train_step(params, xs, ys)
    if i % 10 == 0:
        print(i, f"{float(l):.4f}")
print(jnp.round(params[0], 3), jnp.round(params[1], 3), jax.typeof(params[0]))


@partial(jax.shard_map, mesh=mesh, in_specs=P("dp"), out_specs=P("dp"))
def ring_allreduce(x):
    n = 4
    perm = [(i, (i + 1) % n) for i in range(n)]
    acc, buf = x, x
    for _ in range(n - 1):
        buf = jax.lax.ppermute(buf, "dp", perm)
        acc = acc + buf
    return acc


v = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("dp")))
print(ring_allreduce(v), jax.shard_map(lambda x: jax.lax.psum(x, "dp"), mesh=mesh, in_specs=P("dp"), out_specs=P("dp"))(v))
idx = jax.shard_map(lambda x: x + jax.lax.axis_index("dp"), mesh=mesh, in_specs=P("dp"), out_specs=P("dp"))(jax.device_put(jnp.zeros(8, jnp.int32), NamedSharding(mesh, P("dp"))))
print(idx, idx.sharding.spec)
gathered = jax.shard_map(lambda x: jax.lax.pmax(x, "dp"), mesh=mesh, in_specs=P("dp"), out_specs=P())(v)
print(gathered, jax.typeof(gathered))
try:
    jax.shard_map(lambda x: x, mesh=mesh, in_specs=P("dp"), out_specs=P())(v)
except Exception as e:
    print(type(e).__name__)
mean_per = jax.shard_map(lambda x: jnp.mean(x, keepdims=True), mesh=mesh, in_specs=P("dp"), out_specs=P("dp"))(v)
print(mean_per, mean_per.sharding.spec)
