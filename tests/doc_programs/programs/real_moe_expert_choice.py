# Expert-choice mixture-of-experts routing (each expert picks its top-k tokens with
# lax.top_k over the token axis), dispatch / combine by one-hot einsums, experts' weights
# sharded over an Explicit "expert" mesh axis, a capacity factor, token coverage statistics,
# and a jitted training step's gradients keeping the expert sharding
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

E, T, D, H = 4, 32, 16, 32
CAP = T * 2 // E
mesh = jax.make_mesh((4, 2), ("expert", "data"), axis_types=(AxisType.Explicit, AxisType.Explicit))
rng = np.random.default_rng(3)


def put(a, spec):
    return jax.device_put(jnp.asarray(a, jnp.float32), NamedSharding(mesh, spec))


with jax.set_mesh(mesh):
    params = {
        "router": put(rng.normal(size=(D, E)) / 4, P()),
        "w1": put(rng.normal(size=(E, D, H)) / 4, P("expert", None, None)),
        "w2": put(rng.normal(size=(E, H, D)) / 6, P("expert", None, None)),
    }
    x = put(rng.normal(size=(T, D)), P())
    target = put(np.tanh(rng.normal(size=(T, D))), P())

    def moe(p, x):
        scores = jax.nn.softmax(x @ p["router"], axis=-1)
        gates, idx = jax.lax.top_k(scores.T, CAP)
        dispatch = jax.nn.one_hot(idx, T)
        xin = jnp.einsum("ect,td->ecd", dispatch, x)
        xin = jax.sharding.reshard(xin, P("expert", None, None))
        h = jax.nn.gelu(jnp.einsum("ecd,edh->ech", xin, p["w1"]))
        out = jnp.einsum("ech,ehd->ecd", h, p["w2"])
        combine = dispatch * gates[..., None]
        y = jnp.einsum("ect,ecd->td", combine, out, out_sharding=P())
        return y, idx, dispatch

    y, idx, dispatch = jax.jit(moe)(params, x)
    print("y", jax.typeof(y), "idx", idx.shape, idx.dtype)
    covered = jnp.sum(dispatch, axis=(0, 1))
    print("tokens per expert", CAP, "tokens never chosen", int(jnp.sum(covered == 0)), "max experts per token", int(covered.max()))
    print("expert 0 picks", jnp.sort(idx[0])[:8])

    def loss(p):
        y, _, _ = moe(p, x)
        return jnp.mean((x + y - target) ** 2)

    @jax.jit
    def step(p):
        l, g = jax.value_and_grad(loss)(p)
        return jax.tree.map(lambda a, b: a - 0.3 * b, p, g), l, g

    for i in range(5):
        params, l, g = step(params)
        print(f"step {i} loss {float(l):.5f}")
    print("grad w1", jax.typeof(g["w1"]), "router", jax.typeof(g["router"]))
    print("param w2", params["w2"].sharding.spec)
print("w1 norms", np.round(np.linalg.norm(np.asarray(params["w1"]).reshape(E, -1), axis=1), 4))
