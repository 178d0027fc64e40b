# An ensemble of small regressors trained data-parallel and ensemble-parallel at once: members
# stacked on a leading axis and vmapped with spmd_axis_name so the vmapped axis is sharded over
# the "ens" mesh axis, the batch over "data", per-member losses averaged with a collective over
# the vmapped axis name (axis_name= on vmap), a lax.cond per member choosing its learning rate,
# and jax.lax.map for chunked evaluation; shardings of the stacked parameters are printed
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("ens", "data"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
M, B, D, H = 4, 32, 3, 16
rng = np.random.default_rng(2)
x = jnp.asarray(rng.normal(size=(B, D)), jnp.float32)
y = jnp.asarray(np.sin(np.asarray(x) @ np.array([1.0, -0.5, 0.25])), jnp.float32)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (D, H)) / np.sqrt(D), "b1": jnp.zeros(H), "w2": jax.random.normal(k2, (H,)) / np.sqrt(H)}


params = jax.vmap(init)(jax.random.split(jax.random.key(0), M))
params = jax.device_put(params, NamedSharding(mesh, P("ens")))
x = jax.device_put(x, NamedSharding(mesh, P("data")))
y = jax.device_put(y, NamedSharding(mesh, P("data")))


def predict(p, x):
    return jnp.tanh(x @ p["w1"] + p["b1"]) @ p["w2"]


def member_step(p, member_id, x, y):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((predict(p, x) - y) ** 2))(p)
    mean_loss = jax.lax.pmean(loss, "members")
    lr = jax.lax.cond(member_id % 2 == 0, lambda: 0.1, lambda: 0.05)
    p = jax.tree.map(lambda a, b: a - lr * b, p, g)
    return p, loss, mean_loss


step = jax.jit(jax.vmap(member_step, in_axes=(0, 0, None, None), axis_name="members", spmd_axis_name="ens"))
ids = jnp.arange(M)
for i in range(40):
    params, losses, mean_loss = step(params, ids, x, y)
    if i % 10 == 0:
        print("step", i, np.round(np.asarray(losses), 5), "mean", round(float(mean_loss[0]), 5))
print("stacked sharding", params["w1"].sharding.spec, params["w1"].shape)
print("losses sharding", losses.sharding.spec)
print("mean replicated across members", bool(jnp.all(mean_loss == mean_loss[0])))

xs = jnp.asarray(rng.normal(size=(12, D)), jnp.float32)


@jax.jit
def ensemble_predict(params, xs):
    preds = jax.lax.map(lambda xi: jax.vmap(predict, in_axes=(0, None))(params, xi), xs, batch_size=5)
    return preds.mean(1), preds.std(1)


mu, sd = ensemble_predict(params, xs)
print("mean", np.round(np.asarray(mu[:4]), 4))
print("std", np.round(np.asarray(sd[:4]), 4))
direct = jax.vmap(predict, in_axes=(0, None))(params, xs)
print("lax.map matches", bool(jnp.allclose(direct.T.mean(1), mu, atol=1e-5)))
per_ex = jax.jit(jax.vmap(jax.vmap(jax.grad(lambda p, xi, yi: (predict(p, xi) - yi) ** 2), in_axes=(None, 0, 0)), in_axes=(0, None, None)))(params, x[:4], y[:4])
print("per-example grads", per_ex["w1"].shape, round(float(jnp.abs(per_ex["w2"]).sum()), 4))
