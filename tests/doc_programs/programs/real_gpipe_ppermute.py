# GPipe-style pipeline parallelism in shard_map: 4 stages of an MLP, one per device along
# 'stage', microbatches shifted between stages by ppermute in a scan over N_MICRO + STAGES - 1
# ticks, the output collected on the last stage; checked against running the stages in
# sequence, with the gradient of the pipelined loss
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES, N_MICRO, MB, D = 4, 6, 3, 16
mesh = jax.make_mesh((STAGES, 2), ("stage", "data"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
rng = np.random.default_rng(0)
W = jnp.asarray(rng.normal(size=(STAGES, D, D)) / np.sqrt(D), jnp.float32)
Bs = jnp.asarray(rng.normal(size=(STAGES, D)) * 0.1, jnp.float32)
X = jnp.asarray(rng.normal(size=(N_MICRO, 2 * MB, D)), jnp.float32)


def stage_fn(w, b, x):
    return jnp.tanh(x @ w + b)


def sequential(W, Bs, X):
    h = X
    for s in range(STAGES):
        h = stage_fn(W[s], Bs[s], h)
    return h


@partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P("stage"), P(None, "data")), out_specs=P(None, "data"))
def pipeline(w, b, x):
    w, b = w[0], b[0]
    idx = jax.lax.axis_index("stage")
    perm = [(i, i + 1) for i in range(STAGES - 1)]
    ticks = N_MICRO + STAGES - 1

    def tick(carry, t):
        state, outputs = carry
        mb = jnp.clip(t, 0, N_MICRO - 1)
        inp = jnp.where(idx == 0, x[mb], state)
        out = stage_fn(w, b, inp)
        done = t - (STAGES - 1)
        write = (idx == STAGES - 1) & (done >= 0)
        outputs = jnp.where(write, outputs.at[jnp.clip(done, 0, N_MICRO - 1)].set(out), outputs)
        state = jax.lax.ppermute(out, "stage", perm)
        return (state, outputs), None

    # zeros_like varies over "data" as x does; the stage outputs vary over "stage" too
    init = jax.lax.pcast((jnp.zeros_like(x[0]), jnp.zeros_like(x)), "stage", to="varying")
    (_, outputs), _ = jax.lax.scan(tick, init, jnp.arange(ticks))
    return jax.lax.psum(outputs, "stage")


w_s = jax.device_put(W, NamedSharding(mesh, P("stage")))
b_s = jax.device_put(Bs, NamedSharding(mesh, P("stage")))
x_s = jax.device_put(X, NamedSharding(mesh, P(None, "data")))
out = jax.jit(pipeline)(w_s, b_s, x_s)
ref = sequential(W, Bs, X)
print(out.shape, out.sharding.spec, float(jnp.max(jnp.abs(out - ref))) < 1e-5)
print(np.round(np.asarray(out)[0, 0, :5], 4))


def loss(w, b, x):
    return jnp.mean(pipeline(w, b, x) ** 2)


lval, (gw, gb) = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))(w_s, b_s, x_s)
rl, (rgw, rgb) = jax.value_and_grad(lambda w, b: jnp.mean(sequential(w, b, X) ** 2), argnums=(0, 1))(W, Bs)
print(round(float(lval), 5), round(float(rl), 5))
print(gw.shape, gw.sharding.spec, float(jnp.max(jnp.abs(gw - rgw))) < 1e-5, float(jnp.max(jnp.abs(gb - rgb))) < 1e-5)
print(jnp.round(jnp.linalg.norm(gw.reshape(STAGES, -1), axis=1), 5))
