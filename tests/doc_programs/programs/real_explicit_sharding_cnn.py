# Data-parallel CNN training with explicit sharding (make_mesh's Explicit axes): the batch
# device_put over "data", parameters replicated, jax.typeof showing the sharded batch dimension
# through conv / pooling / flatten / dense, the loss a replicated scalar, gradients replicated
# (the batch reduction's all-reduce implied by the types), and the trained model evaluated
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))
print("axis types:", mesh.axis_types)
B, HW, C = 64, 8, 2
key = jax.random.key(3)
k1, k2, k3, k4 = jax.random.split(key, 4)
labels = jax.random.randint(k1, (B,), 0, 2)
base = jnp.zeros((B, HW, HW, C))
blob = jnp.where(labels[:, None, None, None] == 1, base.at[:, 2:6, 2:6, 0].set(1.0), base.at[:, :, 3:5, 1].set(1.0))
images = blob + 0.2 * jax.random.normal(k2, blob.shape)
params = {
    "conv": jax.random.normal(k3, (3, 3, C, 4)) * 0.3,
    "dense": jax.random.normal(k4, (4 * 4 * 4, 2)) * 0.1,
}
with jax.set_mesh(mesh):
    x = jax.device_put(images, P("data"))
    y = jax.device_put(labels, P("data"))
    params = jax.device_put(params, P())
print("batch type:", jax.typeof(x))
print("param type:", jax.typeof(params["conv"]))


def forward(p, x, show=False):
    h = jax.lax.conv_general_dilated(x, p["conv"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    h = jax.nn.relu(h)
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    flat = h.reshape(h.shape[0], -1)
    if show:
        print("conv out:", jax.typeof(h), "flat:", jax.typeof(flat))
    return flat @ p["dense"]


def loss_fn(p, x, y):
    logits = forward(p, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))


@jax.jit
def train_step(p, x, y):
    loss, g = jax.value_and_grad(loss_fn)(p, x, y)
    return jax.tree.map(lambda a, b: a - 0.3 * b, p, g), loss


with jax.set_mesh(mesh):
    jax.eval_shape(lambda p, x: forward(p, x, show=True), params, x)
    for i in range(60):
        params, loss = train_step(params, x, y)
        if i % 20 == 0:
            print(f"step {i}: loss {float(loss):.4f}")
    print("loss type:", jax.typeof(loss))
    print("param sharding after training:", params["conv"].sharding.spec, params["dense"].sharding.spec)
    logits = jax.jit(forward)(params, x)
    print("logits sharding:", logits.sharding.spec, jax.typeof(logits))
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    print("accuracy:", float(acc), "type:", jax.typeof(acc))
    shards = [s.data.shape for s in logits.addressable_shards]
    print("per-device logits shard shapes:", shards[0], len(shards))
