# "Manual parallelism with shard_map", its neural network section: a plain MLP loss, the same
# loss with batch data parallelism (pmean of the loss), FSDP (all_gather of each layer's
# weights inside the forward pass, reduce-scattered gradients), and 2D FSDP + tensor
# parallelism on a 4x2 mesh, each checked against the single-device loss and gradients
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jax.random.normal(k2, (n_out,))
    return W, b


def init(key, layer_sizes, batch_size):
    key, *keys = jax.random.split(key, len(layer_sizes))
    params = list(map(init_layer, keys, layer_sizes[:-1], layer_sizes[1:]))
    key, *keys = jax.random.split(key, 3)
    inputs = jax.random.normal(keys[0], (batch_size, layer_sizes[0]))
    targets = jax.random.normal(keys[1], (batch_size, layer_sizes[-1]))
    return params, (inputs, targets)


layer_sizes = [16, 32, 32, 8]
batch_size = 32
params, batch = init(jax.random.key(0), layer_sizes, batch_size)


def predict(params, inputs):
    for W, b in params:
        outputs = jnp.dot(inputs, W) + b
        inputs = jax.nn.relu(outputs)
    return outputs


def loss(params, batch):
    inputs, targets = batch
    predictions = predict(params, inputs)
    return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


ref_loss = jax.jit(loss)(params, batch)
ref_grads = jax.jit(jax.grad(loss))(params, batch)
print(ref_loss)

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=P())
def loss_dp(params, local_batch):
    inputs, targets = local_batch
    predictions = predict(params, inputs)
    local_loss = jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))
    return jax.lax.pmean(local_loss, "batch")


print(jnp.allclose(jax.jit(loss_dp)(params, batch), ref_loss))
g_dp = jax.jit(jax.grad(loss_dp))(params, batch)
print(all(jnp.allclose(a, b, atol=1e-5) for a, b in zip(jax.tree.leaves(g_dp), jax.tree.leaves(ref_grads))))


@jax.custom_vjp
def gather_weights(W, b):
    return jax.lax.all_gather(W, "batch", tiled=True), jax.lax.all_gather(b, "batch", tiled=True)


def gather_weights_fwd(W, b):
    return gather_weights(W, b), None


def gather_weights_bwd(_, g):
    gW, gb = g
    return (
        jax.lax.psum_scatter(gW, "batch", tiled=True),
        jax.lax.psum_scatter(gb, "batch", tiled=True),
    )


gather_weights.defvjp(gather_weights_fwd, gather_weights_bwd)


def predict_fsdp(params, inputs):
    for W, b in params:
        W, b = gather_weights(W, b)
        outputs = jnp.dot(inputs, W) + b
        inputs = jax.nn.relu(outputs)
    return outputs


@partial(jax.shard_map, mesh=mesh, in_specs=(P("batch"), P("batch")), out_specs=P())
def loss_fsdp(params, local_batch):
    inputs, targets = local_batch
    predictions = predict_fsdp(params, inputs)
    return jax.lax.pmean(jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1)), "batch")


print(jnp.allclose(jax.jit(loss_fsdp)(params, batch), ref_loss))
g_fsdp = jax.jit(jax.grad(loss_fsdp))(params, batch)
print([g.shape for g in jax.tree.leaves(g_fsdp)])
print(all(jnp.allclose(a, b, atol=1e-5) for a, b in zip(jax.tree.leaves(g_fsdp), jax.tree.leaves(ref_grads))))

mesh2 = jax.make_mesh((4, 2), ("batch", "feats"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


@partial(
    jax.shard_map,
    mesh=mesh2,
    in_specs=(P(), P("batch", None)),
    out_specs=P(),
)
def loss_2d(params, local_batch):
    inputs, targets = local_batch
    j = jax.lax.axis_index("feats")
    out = inputs
    for W, b in params:
        n_in = W.shape[0] // 2
        W_local = jax.lax.dynamic_slice_in_dim(W, j * n_in, n_in, axis=0)
        x_local = jax.lax.dynamic_slice_in_dim(out, j * n_in, n_in, axis=1)
        out = jax.lax.psum(jnp.dot(x_local, W_local), "feats") + b
        last = out
        out = jax.nn.relu(out)
    local = jnp.mean(jnp.sum((last - targets) ** 2, axis=-1))
    return jax.lax.pmean(local, "batch")


print(jnp.allclose(jax.jit(loss_2d)(params, batch), ref_loss, atol=1e-5))
g2 = jax.jit(jax.grad(loss_2d))(params, batch)
print(all(np.allclose(a, b, atol=1e-4) for a, b in zip(jax.tree.leaves(g2), jax.tree.leaves(ref_grads))))


@jax.jit
def train_step(params, batch):
    l, g = jax.value_and_grad(loss_fsdp)(params, batch)
    return jax.tree.map(lambda p, gi: p - 0.01 * gi, params, g), l


sharded_params = jax.device_put(params, NamedSharding(mesh, P("batch")))
sharded_batch = jax.device_put(batch, NamedSharding(mesh, P("batch")))
print(jax.typeof(sharded_params[0][0]))
for step in range(5):
    sharded_params, l = train_step(sharded_params, sharded_batch)
    print(step, l)
print(sharded_params[0][0].sharding.spec, sharded_params[2][1].shape)
