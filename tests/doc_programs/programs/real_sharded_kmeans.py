# Distributed k-means with shard_map: points sharded over 8 devices, each device computing
# its nearest-centre assignments and per-cluster sums / counts, psum to combine them, the
# update in a fori_loop inside the shard_map, inertia by psum, and the result compared with
# the same iterations run unsharded
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

K, D, N = 4, 2, 512
mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Explicit,))
rng = np.random.default_rng(10)
true_c = np.array([[-3.0, -3.0], [3.0, 3.0], [-3.0, 3.0], [3.0, -3.0]])
pts = np.concatenate([c + rng.normal(size=(N // K, D)) for c in true_c]).astype(np.float32)
pts = pts[rng.permutation(N)]
X = jax.device_put(jnp.asarray(pts), NamedSharding(mesh, P("data")))
init = jnp.asarray(pts[:K])


def stats(x, c):
    d2 = jnp.sum((x[:, None, :] - c[None]) ** 2, -1)
    lab = jnp.argmin(d2, 1)
    one = jax.nn.one_hot(lab, K, dtype=x.dtype)
    return one.T @ x, one.sum(0), jnp.min(d2, 1).sum()


@partial(jax.shard_map, mesh=mesh, in_specs=(P("data"), P()), out_specs=(P(), P(), P()))
def kmeans_sharded(x, c):
    def body(_, c):
        s, n, _ = stats(x, c)
        s, n = jax.lax.psum(s, "data"), jax.lax.psum(n, "data")
        return s / jnp.maximum(n, 1.0)[:, None]

    c = jax.lax.fori_loop(0, 10, body, c)
    s, n, inertia = stats(x, c)
    return c, jax.lax.psum(n, "data"), jax.lax.psum(inertia, "data")


def kmeans_dense(x, c):
    for _ in range(10):
        s, n, _ = stats(x, c)
        c = s / jnp.maximum(n, 1.0)[:, None]
    return c, stats(x, c)[1], stats(x, c)[2]


c, counts, inertia = jax.jit(kmeans_sharded)(X, init)
cd, countsd, inertiad = kmeans_dense(jnp.asarray(pts), init)
order = jnp.argsort(c[:, 0] * 10 + c[:, 1])
print("centres", jnp.round(c[order], 3))
print("counts", counts[order], counts.dtype)
print("inertia %.3f dense %.3f" % (float(inertia), float(inertiad)))
print("match dense", bool(jnp.allclose(c, cd, atol=1e-4)), bool(jnp.all(counts == countsd)))
print("out sharding", c.sharding.spec, "input", X.sharding.spec, jax.typeof(X))
local = jax.jit(jax.shard_map(lambda x: jnp.array([x.shape[0]]), mesh=mesh, in_specs=P("data"), out_specs=P("data")))(X)
print("points per device", local)
