# FSDP-style training under jit: every weight matrix sharded along its first dimension over
# the "fsdp" axis of a 2x4 mesh, the batch sharded over both axes, activations constrained
# with with_sharding_constraint, weights gathered inside the step by constraining them to
# replicated, and gradients / updated params constrained back to the sharded layout
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "fsdp"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
rng = np.random.default_rng(0)
sizes = [16, 64, 64, 8]
params = [
    {"w": jnp.asarray(rng.normal(size=(a, b)) / np.sqrt(a), jnp.float32), "b": jnp.zeros((b,), jnp.float32)}
    for a, b in zip(sizes[:-1], sizes[1:])
]
param_spec = [{"w": P("fsdp", None), "b": P(None)} for _ in params]
param_shard = jax.tree.map(lambda s: NamedSharding(mesh, s), param_spec, is_leaf=lambda x: isinstance(x, P))
params = jax.device_put(params, param_shard)
X = jnp.asarray(rng.normal(size=(64, 16)), jnp.float32)
Y = jnp.asarray(rng.integers(0, 8, size=64), jnp.int32)
batch_shard = NamedSharding(mesh, P(("data", "fsdp")))
X, Y = jax.device_put((X, Y), batch_shard)


def forward(params, x):
    for i, p in enumerate(params):
        w = jax.lax.with_sharding_constraint(p["w"], NamedSharding(mesh, P()))
        x = x @ w + p["b"]
        if i < len(params) - 1:
            x = jax.nn.relu(x)
        x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P(("data", "fsdp"), None)))
    return x


def loss_fn(params, x, y):
    logits = forward(params, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.with_sharding_constraint(grads, param_shard)
    new = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return jax.lax.with_sharding_constraint(new, param_shard), loss, grads


for step in range(8):
    params, loss, grads = train_step(params, X, Y)
    if step % 2 == 0:
        print(f"step {step} loss {float(loss):.5f}")
print("w0", params[0]["w"].sharding.spec, params[0]["w"].shape)
print("b0", params[0]["b"].sharding.spec)
print("grad w1", grads[1]["w"].sharding.spec)
shard = params[1]["w"].addressable_shards[0]
print("shard shape", shard.data.shape, "index", shard.index)
print("device count", len(params[1]["w"].sharding.device_set))
logits = jax.jit(forward)(params, X)
print("logits", logits.shape, logits.sharding.spec)
acc = jnp.mean(jnp.argmax(logits, -1) == Y)
print("acc", round(float(acc), 4))
print("hlo has sharding", "sharding" in train_step.lower(params, X, Y).as_text())
