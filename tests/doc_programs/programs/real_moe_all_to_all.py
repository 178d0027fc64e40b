# Expert parallelism with shard_map: 8 experts, one per device, tokens routed top-1 with a
# capacity limit, dispatched to their experts by all_to_all and combined back by a second
# all_to_all, an auxiliary load-balancing loss, and the result checked against a dense
# computation of every token by its chosen expert
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

E, D, H, TOKENS_PER_DEV, CAP = 8, 8, 16, 16, 4
mesh = jax.make_mesh((E,), ("ep",), axis_types=(jax.sharding.AxisType.Explicit,))
rng = np.random.default_rng(0)
W_router = jnp.asarray(rng.normal(size=(D, E)), jnp.float32)
W1 = jnp.asarray(rng.normal(size=(E, D, H)) / np.sqrt(D), jnp.float32)
W2 = jnp.asarray(rng.normal(size=(E, H, D)) / np.sqrt(H), jnp.float32)
X = jnp.asarray(rng.normal(size=(E * TOKENS_PER_DEV, D)), jnp.float32)


def route(x, w_router):
    logits = x @ w_router
    probs = jax.nn.softmax(logits)
    expert = jnp.argmax(probs, -1)
    gate = jnp.max(probs, -1)
    onehot = jax.nn.one_hot(expert, E, dtype=jnp.int32)
    pos = jnp.sum(jnp.cumsum(onehot, 0) * onehot, -1) - 1
    keep = pos < CAP
    return expert, gate, pos, keep, probs


@partial(jax.shard_map, mesh=mesh, in_specs=(P("ep"), P(), P("ep"), P("ep")), out_specs=(P("ep"), P()))
def moe(x, w_router, w1, w2):
    expert, gate, pos, keep, probs = route(x, w_router)
    buf = jnp.zeros((E, CAP, D), x.dtype)
    buf = buf.at[expert, jnp.where(keep, pos, CAP)].set(x, mode="drop")
    recv = jax.lax.all_to_all(buf, "ep", 0, 0, tiled=True)
    h = jax.nn.gelu(recv.reshape(-1, D) @ w1[0]) @ w2[0]
    back = jax.lax.all_to_all(h.reshape(E, CAP, D), "ep", 0, 0, tiled=True)
    out = back[expert, jnp.minimum(pos, CAP - 1)] * (gate * keep)[:, None]
    frac = jnp.mean(jax.nn.one_hot(expert, E), 0)
    aux = E * jnp.sum(jax.lax.pmean(frac, "ep") * jax.lax.pmean(probs.mean(0), "ep"))
    return out, aux


def dense_reference(x):
    outs = []
    for d in range(E):
        xb = x[d * TOKENS_PER_DEV : (d + 1) * TOKENS_PER_DEV]
        expert, gate, pos, keep, _ = route(xb, W_router)
        h = jnp.einsum("td,tdh->th", xb, W1[expert])
        y = jnp.einsum("th,thd->td", jax.nn.gelu(h), W2[expert])
        outs.append(y * (gate * keep)[:, None])
    return jnp.concatenate(outs)


xs = jax.device_put(X, NamedSharding(mesh, P("ep")))
w1s = jax.device_put(W1, NamedSharding(mesh, P("ep")))
w2s = jax.device_put(W2, NamedSharding(mesh, P("ep")))
out, aux = jax.jit(moe)(xs, W_router, w1s, w2s)
ref = dense_reference(X)
print(out.shape, out.sharding.spec, float(jnp.max(jnp.abs(out - ref))) < 1e-4)
expert, _, pos, keep, _ = route(X[:TOKENS_PER_DEV], W_router)
print("device0 experts", expert, "dropped", int((~keep).sum()))
print("aux loss", round(float(aux), 5))
g = jax.jit(jax.grad(lambda w1, w2: jnp.sum(moe(xs, W_router, w1, w2)[0] ** 2), argnums=(0, 1)))(w1s, w2s)
print(g[0].shape, g[0].sharding.spec, jnp.round(jnp.linalg.norm(g[0].reshape(E, -1), axis=1), 4))
