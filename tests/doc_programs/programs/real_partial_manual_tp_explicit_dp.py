# Tensor parallelism written by hand over one mesh axis while the other stays Explicit: a
# 2x4 mesh whose "data" axis shards the batch in the types and whose "model" axis is manual
# inside shard_map(axis_names={"model"}); the attention-style projection gathers its column
# shards with all_gather, the MLP reduces with psum, jax.typeof inside the body shows the batch
# still sharded over "data", and gradients are accumulated over micro-batches by lax.scan (the
# training layer keeps wq replicated: JAX 0.10.2's lowering of the all_gather's transpose, a
# reduce_scatter, trips an internal assertion on such a map); results are compared with a
# single-device reference
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
B, D, F = 8, 8, 16
k = jax.random.split(jax.random.key(9), 4)
wq = jax.random.normal(k[0], (D, D)) / np.sqrt(D)
w1 = jax.random.normal(k[1], (D, F)) / np.sqrt(D)
w2 = jax.random.normal(k[2], (F, D)) / np.sqrt(F)
x = jax.random.normal(k[3], (3, B, D))  # three micro-batches
types = []


def tp_layer(h, wq, w1, w2, gather=True):
    types.append(str(jax.typeof(h)))
    if gather:  # column-parallel, gathered
        q = jax.lax.all_gather(h @ wq, "model", axis=1, tiled=True)
    else:  # wq replicated
        q = h @ wq
    types.append(str(jax.typeof(q)))
    z = jax.nn.relu((h + 0.1 * q) @ w1)
    return h + jax.lax.psum(z @ w2, "model")


def ref_layer(h, wq, w1, w2):
    return h + jax.nn.relu((h + 0.1 * (h @ wq)) @ w1) @ w2


specs = (P(), P(None, "model"), P(None, "model"), P("model", None))
train_specs = (P(), P(), P(None, "model"), P("model", None))


def loss_tp(params, xb):
    layer = lambda *a: tp_layer(*a, gather=False)
    out = jax.shard_map(layer, in_specs=train_specs, out_specs=P(), axis_names={"model"})(xb, *params)
    return jnp.mean(out**2)


def loss_ref(params, xb):
    return jnp.mean(ref_layer(xb, *params) ** 2)


with jax.set_mesh(mesh):
    params = (
        jax.device_put(wq, P(None, None)),
        jax.device_put(w1, P(None, "model")),
        jax.device_put(w2, P("model", None)),
    )
    xs = jax.device_put(x, P(None, "data", None))

    @jax.jit
    def accumulate(params, xs):
        def body(acc, xb):
            l, g = jax.value_and_grad(loss_tp)(params, xb)
            return jax.tree.map(jnp.add, acc, g), l

        zeros = jax.tree.map(jnp.zeros_like, params)
        grads, losses = jax.lax.scan(body, zeros, xs)
        return losses, jax.tree.map(lambda g: g / xs.shape[0], grads)

    losses, grads = accumulate(params, xs)
    print("body types", types[:2])
    print("losses", np.round(np.asarray(losses), 6), losses.sharding.spec)
    print("grad specs", [g.sharding.spec for g in grads])
    one = jax.jit(loss_tp)(params, xs[0])
    print("one micro-batch", round(float(one), 6))
    gathered = (jax.device_put(wq, P(None, "model")), *params[1:])
    out = jax.jit(lambda p, xb: jax.shard_map(tp_layer, in_specs=specs, out_specs=P(), axis_names={"model"})(xb, *p))(gathered, xs[1])
    print("gathered layer", jax.typeof(out), types[-2:])
    print("same as replicated wq", bool(jnp.allclose(np.asarray(out), ref_layer(x[1], wq, w1, w2), atol=1e-5)))

rl, rg = jax.vmap(jax.value_and_grad(loss_ref), in_axes=(None, 0))((wq, w1, w2), x)
print("ref losses", np.round(np.asarray(rl), 6))
print("grads match", [bool(jnp.allclose(np.asarray(a), b.mean(0), atol=1e-5)) for a, b in zip(grads, rg)])
