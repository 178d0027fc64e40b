# Data + model parallel training with NamedSharding on a 4x2 mesh: parameters and Adam state
# placed by a tree of PartitionSpecs chosen from the parameter paths, batches sharded over
# 'data', jit with in_shardings / out_shardings and donated state, the shardings of results and
# of every leaf of the optimizer state printed, and the loss matched to an unsharded run
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
print(mesh.shape, mesh.axis_names)

rng = np.random.default_rng(0)
params = {
    "embed": jnp.asarray(rng.normal(size=(16, 32)) * 0.2, jnp.float32),
    "mlp": {"w_in": jnp.asarray(rng.normal(size=(32, 64)) * 0.2, jnp.float32),
            "w_out": jnp.asarray(rng.normal(size=(64, 32)) * 0.2, jnp.float32),
            "bias": jnp.zeros(64, jnp.float32)},
    "head": jnp.asarray(rng.normal(size=(32, 4)) * 0.2, jnp.float32),
}


def spec_for(path, leaf):
    name = jax.tree_util.keystr(path)
    if "w_in" in name:
        return P(None, "model")
    if "w_out" in name:
        return P("model", None)
    if "bias" in name:
        return P("model")
    return P()


param_specs = jax.tree_util.tree_map_with_path(spec_for, params)
param_sh = jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs)
for path, s in jax.tree_util.tree_flatten_with_path(param_specs)[0]:
    print(jax.tree_util.keystr(path), s)


def model(p, x):
    h = x @ p["embed"]
    h = jax.nn.relu(h @ p["mlp"]["w_in"] + p["mlp"]["bias"]) @ p["mlp"]["w_out"] + h
    return h @ p["head"]


def loss_fn(p, x, y):
    logits = model(p, x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, 4), -1))


def adam_init(p):
    zeros = lambda: jax.tree.map(jnp.zeros_like, p)
    return {"m": zeros(), "v": zeros(), "t": jnp.zeros((), jnp.int32)}


def train_step(p, opt, x, y):
    loss, g = jax.value_and_grad(loss_fn)(p, x, y)
    t = opt["t"] + 1
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, opt["m"], g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, opt["v"], g)
    p = jax.tree.map(lambda p, m, v: p - 1e-2 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
    return p, {"m": m, "v": v, "t": t}, loss


opt_sh = {"m": param_sh, "v": param_sh, "t": NamedSharding(mesh, P())}
data_sh = NamedSharding(mesh, P("data", None))
label_sh = NamedSharding(mesh, P("data"))
step = jax.jit(
    train_step,
    in_shardings=(param_sh, opt_sh, data_sh, label_sh),
    out_shardings=(param_sh, opt_sh, NamedSharding(mesh, P())),
    donate_argnums=(0, 1),
)

X = rng.normal(size=(64, 16)).astype(np.float32)
Y = (X[:, :4].argmax(-1)).astype(np.int32)
ref_p = jax.tree.map(jnp.copy, params)  # device_put may alias params' buffers, which donation deletes
p = jax.device_put(params, param_sh)
opt = jax.device_put(adam_init(params), opt_sh)
x = jax.device_put(X, data_sh)
y = jax.device_put(Y, label_sh)
print(x.sharding.spec, len(x.addressable_shards), x.addressable_shards[0].data.shape)

ref_opt = adam_init(ref_p)
ref_step = jax.jit(train_step)
for i in range(10):
    p, opt, loss = step(p, opt, x, y)
    ref_p, ref_opt, ref_loss = ref_step(ref_p, ref_opt, jnp.asarray(X), jnp.asarray(Y))
    if i % 3 == 0:
        print(i, f"{float(loss):.5f}", f"{float(ref_loss):.5f}")
print(loss.sharding.spec, p["mlp"]["w_in"].sharding.spec, opt["v"]["mlp"]["w_out"].sharding.spec)
print(p["mlp"]["w_in"].addressable_shards[0].data.shape, opt["t"])
diff = jax.tree.map(lambda a, b: float(jnp.max(jnp.abs(a - b))), p, ref_p)
print(all(d < 1e-4 for d in jax.tree.leaves(diff)))
acc = jnp.mean(jnp.argmax(model(p, x), -1) == y)
print("accuracy", float(acc), acc.sharding.spec if hasattr(acc.sharding, "spec") else acc.sharding)
