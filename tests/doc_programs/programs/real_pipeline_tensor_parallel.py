# Model parallelism by hand with shard_map: a 4-stage pipeline whose activations move between
# stages by ppermute (GPipe-style microbatches in a fori_loop), and a tensor-parallel MLP with
# column / row sharded weights (all_gather in, psum_scatter out), both checked against the
# unsharded computation
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

S = 4
mesh = jax.make_mesh((S,), ("stage",), axis_types=(jax.sharding.AxisType.Explicit,))
D, MB, NMB = 8, 2, 3
key = jax.random.key(0)
Ws = jax.random.normal(key, (S, D, D)) / jnp.sqrt(D)
xs = jax.random.normal(jax.random.fold_in(key, 1), (NMB, MB, D))


def reference(Ws, xs):
    h = xs
    for s in range(S):
        h = jnp.tanh(h @ Ws[s])
    return h


@partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P())
def pipeline(W, xs):
    W = W[0]
    stage = jax.lax.axis_index("stage")
    perm = [(i, (i + 1) % S) for i in range(S)]

    def tick(t, carry):
        buf, out = carry
        inp = jnp.where(stage == 0, xs[jnp.minimum(t, NMB - 1)], buf)
        y = jnp.tanh(inp @ W)
        done = t - (S - 1)
        out = jnp.where((stage == S - 1) & (done >= 0), out.at[jnp.maximum(done, 0)].set(y), out)
        return jax.lax.ppermute(y, "stage", perm), out

    buf = jnp.zeros((MB, D))
    out = jnp.zeros((NMB, MB, D))
    _, out = jax.lax.fori_loop(0, NMB + S - 1, tick, (buf, out))
    return jax.lax.psum(out, "stage")


Ws_sharded = jax.device_put(Ws, NamedSharding(mesh, P("stage")))
got = jax.jit(pipeline)(Ws_sharded, xs)
print(got.shape, jnp.allclose(got, reference(Ws, xs), atol=1e-5), jax.typeof(got))

W1 = jax.random.normal(jax.random.fold_in(key, 2), (D, 4 * D)) / jnp.sqrt(D)
W2 = jax.random.normal(jax.random.fold_in(key, 3), (4 * D, D)) / jnp.sqrt(4 * D)
x = jax.random.normal(jax.random.fold_in(key, 4), (S * 2, D))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P(None, "stage"), P("stage", None)), out_specs=P("stage"))
def tp_mlp(x, W1, W2):
    x_all = jax.lax.all_gather(x, "stage", tiled=True)
    h = jax.nn.relu(x_all @ W1)
    partial_out = h @ W2
    return jax.lax.psum_scatter(partial_out, "stage", scatter_dimension=0, tiled=True)


shard = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
y = tp_mlp(shard(x, P("stage")), shard(W1, P(None, "stage")), shard(W2, P("stage", None)))
want = jax.nn.relu(x @ W1) @ W2
print(y.shape, y.sharding.spec, jnp.allclose(y, want, atol=1e-4))


def tp_loss(W1, W2, x):
    return jnp.sum(tp_mlp(x, W1, W2) ** 2)


g1, g2 = jax.jit(jax.grad(tp_loss, argnums=(0, 1)))(shard(W1, P(None, "stage")), shard(W2, P("stage", None)), shard(x, P("stage")))
r1, r2 = jax.grad(lambda a, b: jnp.sum((jax.nn.relu(x @ a) @ b) ** 2), argnums=(0, 1))(W1, W2)
print(g1.sharding.spec, g2.sharding.spec, jnp.allclose(g1, r1, atol=1e-3), jnp.allclose(g2, r2, atol=1e-3))
print(jax.typeof(g1))
