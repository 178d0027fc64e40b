# A transformer block sharded explicitly (Megatron-style over a 2x4 "data" x "model" mesh):
# parameters placed with NamedSharding, the batch sharded on "data", attention heads and the
# MLP hidden dimension sharded on "model", out_sharding= on the contractions that reduce over
# "model", reshard before the residual, a cross-entropy loss and a jitted SGD step whose
# gradients keep the parameters' shardings
import jax
import jax.numpy as jnp
from jax import random
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
B, T, D, H, F, V = 4, 8, 16, 4, 32, 12
hd = D // H


def init(key):
    ks = random.split(key, 6)
    s = 1 / jnp.sqrt(D)
    return {
        "wq": (random.normal(ks[0], (D, H, hd)) * s, P(None, "model", None)),
        "wk": (random.normal(ks[1], (D, H, hd)) * s, P(None, "model", None)),
        "wv": (random.normal(ks[2], (D, H, hd)) * s, P(None, "model", None)),
        "wo": (random.normal(ks[3], (H, hd, D)) * s, P("model", None, None)),
        "w1": (random.normal(ks[4], (D, F)) * s, P(None, "model")),
        "w2": (random.normal(ks[5], (F, D)) / jnp.sqrt(F), P("model", None)),
        "emb": (random.normal(ks[0], (V, D)) * 0.1, P(None, None)),
    }


def layer_norm(x):
    mu = x.mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(((x - mu) ** 2).mean(-1, keepdims=True) + 1e-5)


def block(p, x):
    h = layer_norm(x)
    q = jnp.einsum("btd,dhk->bthk", h, p["wq"])
    k = jnp.einsum("btd,dhk->bthk", h, p["wk"])
    v = jnp.einsum("btd,dhk->bthk", h, p["wv"])
    s = jnp.einsum("bthk,bshk->bhts", q, k) / jnp.sqrt(hd)
    mask = jnp.tril(jnp.ones((T, T), bool))
    a = jax.nn.softmax(jnp.where(mask, s, -1e9), axis=-1)
    o = jnp.einsum("bhts,bshk->bthk", a, v)
    x = x + jnp.einsum("bthk,hkd->btd", o, p["wo"], out_sharding=P("data", None, None))
    h = jax.nn.gelu(layer_norm(x) @ p["w1"])
    return x + jnp.einsum("btf,fd->btd", h, p["w2"], out_sharding=P("data", None, None))


def loss(p, tokens, targets):
    x = p["emb"].at[tokens].get(out_sharding=P("data", None, None))
    x = block(p, x)
    logits = jnp.einsum("btd,vd->btv", x, p["emb"])
    lp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(lp, targets[..., None], -1))


with jax.set_mesh(mesh):
    raw = init(random.key(0))
    params = {k: jax.device_put(v, NamedSharding(mesh, s)) for k, (v, s) in raw.items()}
    for k in ("wq", "wo", "w1", "w2"):
        print(k, jax.typeof(params[k]))
    tokens = jax.device_put(random.randint(random.key(1), (B, T), 0, V), P("data", None))
    targets = jnp.roll(tokens, -1, axis=1)
    print("tokens", jax.typeof(tokens), "targets", jax.typeof(targets))

    @jax.jit
    def step(p, tokens, targets):
        l, g = jax.value_and_grad(loss)(p, tokens, targets)
        return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), l, g

    for i in range(5):
        params, l, g = step(params, tokens, targets)
        print("step", i, "loss", l)
    print("grad shardings", {k: v.sharding.spec for k, v in g.items()})
    print("loss type", jax.typeof(l))
    x = params["emb"].at[tokens].get(out_sharding=P("data", None, None))
    print("embedded", jax.typeof(x))
    y = jax.jit(block)(params, x)
    print("block out", jax.typeof(y))
    r = jax.sharding.reshard(y, P(None, None, "model"))
    print("resharded", jax.typeof(r), jnp.allclose(r, y))
    lowered = step.lower(params, tokens, targets)
    print("lowered out shardings", jax.tree.map(lambda s: s.spec, lowered.compile().output_shardings[1]))
