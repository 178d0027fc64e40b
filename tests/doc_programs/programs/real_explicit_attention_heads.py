# Multi-head attention on an Explicit mesh ("batch" x "model"): heads sharded over "model",
# einsums with out_sharding, reshard between layouts, jax.typeof showing shardings in types,
# and a jitted training step whose gradients keep the parameter shardings
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 4), ("batch", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
B, S, D, NH, HD = 4, 8, 32, 4, 8
rng = np.random.default_rng(9)


def put(a, spec):
    return jax.device_put(jnp.asarray(a, jnp.float32), NamedSharding(mesh, spec))


with jax.set_mesh(mesh):
    params = {
        "wq": put(rng.normal(size=(D, NH, HD)) / np.sqrt(D), P(None, "model", None)),
        "wk": put(rng.normal(size=(D, NH, HD)) / np.sqrt(D), P(None, "model", None)),
        "wv": put(rng.normal(size=(D, NH, HD)) / np.sqrt(D), P(None, "model", None)),
        "wo": put(rng.normal(size=(NH, HD, D)) / np.sqrt(D), P("model", None, None)),
    }
    x = put(rng.normal(size=(B, S, D)), P("batch", None, None))

    def attention(p, x):
        q = jnp.einsum("bsd,dnh->bsnh", x, p["wq"])
        k = jnp.einsum("bsd,dnh->bsnh", x, p["wk"])
        v = jnp.einsum("bsd,dnh->bsnh", x, p["wv"])
        s = jnp.einsum("bqnh,bknh->bnqk", q, k) / np.sqrt(HD)
        a = jax.nn.softmax(s, axis=-1)
        o = jnp.einsum("bnqk,bknh->bqnh", a, v)
        out = jnp.einsum("bqnh,nhd->bqd", o, p["wo"], out_sharding=P("batch", None, None))
        return out, (q, s, o)

    out, (q, s, o) = jax.jit(attention)(params, x)
    print("q", jax.typeof(q))
    print("scores", jax.typeof(s))
    print("out", jax.typeof(out))

    def loss(p, x):
        return jnp.mean(attention(p, x)[0] ** 2)

    @jax.jit
    def step(p, x):
        l, g = jax.value_and_grad(loss)(p, x)
        return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l, g

    for i in range(4):
        params, l, g = step(params, x)
        print(f"step {i} loss {float(l):.6f}")
    print("grad wq", jax.typeof(g["wq"]))
    print("grad wo", jax.typeof(g["wo"]))
    xr = reshard(x, P(None, None, "model"))
    print("resharded", jax.typeof(xr))
    y = jax.jit(lambda a: jnp.einsum("bsd,bsd->bs", a, a, out_sharding=P(None, None)))(xr)
    print("reduced", jax.typeof(y))
    flat = reshard(out.reshape(B * S, D), P(("batch", "model"), None))
    print("flat", flat.shape, flat.sharding.spec)
    out, (q, s, o) = jax.jit(attention)(params, x)

ref = np.einsum("bqnh,nhd->bqd", np.asarray(o), np.asarray(params["wo"]))
print("numpy check", bool(np.allclose(ref, np.asarray(out), atol=1e-4)))
