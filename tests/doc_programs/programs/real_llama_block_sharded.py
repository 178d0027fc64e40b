# A LLaMA-style decoder block (RMSNorm, rotary embeddings, grouped-query attention, SwiGLU)
# trained for a few steps with jit shardings on a 2x4 ("data", "model") mesh with Auto axes:
# weights column / row sharded Megatron-style through NamedSharding, activations constrained with
# with_sharding_constraint, out_shardings for the updated parameters, and the loss checked
# against the same block run unsharded on one device
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
B, T, D, HQ, HKV, F, V = 8, 16, 64, 8, 4, 128, 50
HD = D // HQ
key = jax.random.key(0)
ks = jax.random.split(key, 8)
n = lambda k, *s: jax.random.normal(k, s) * 0.05
params = {"emb": n(ks[0], V, D), "wq": n(ks[1], D, HQ * HD), "wk": n(ks[2], D, HKV * HD), "wv": n(ks[3], D, HKV * HD), "wo": n(ks[4], HQ * HD, D), "w_gate": n(ks[5], D, F), "w_up": n(ks[6], D, F), "w_down": n(ks[7], F, D), "norm1": jnp.ones(D), "norm2": jnp.ones(D)}
specs = {"emb": P(None, "model"), "wq": P(None, "model"), "wk": P(None, "model"), "wv": P(None, "model"), "wo": P("model", None), "w_gate": P(None, "model"), "w_up": P(None, "model"), "w_down": P("model", None), "norm1": P(), "norm2": P()}
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
tokens = jax.random.randint(jax.random.key(1), (B, T + 1), 0, V)


def rms_norm(x, w):
    return x * jax.lax.rsqrt(jnp.mean(x**2, -1, keepdims=True) + 1e-6) * w


def rope(x):
    pos = jnp.arange(x.shape[1])[:, None]
    freqs = 1.0 / (10000 ** (jnp.arange(0, HD, 2) / HD))
    ang = pos * freqs
    cos, sin = jnp.cos(ang)[None, :, None, :], jnp.sin(ang)[None, :, None, :]
    x1, x2 = x[..., ::2], x[..., 1::2]
    return jnp.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).reshape(x.shape)


def block(p, tok, constrain):
    wsc = (lambda x, s: jax.lax.with_sharding_constraint(x, NamedSharding(mesh, s))) if constrain else (lambda x, s: x)
    x = wsc(p["emb"][tok], P("data", None, None))
    h = rms_norm(x, p["norm1"])
    q = rope((h @ p["wq"]).reshape(B, T, HQ, HD))
    k = rope((h @ p["wk"]).reshape(B, T, HKV, HD))
    v = (h @ p["wv"]).reshape(B, T, HKV, HD)
    k, v = jnp.repeat(k, HQ // HKV, axis=2), jnp.repeat(v, HQ // HKV, axis=2)
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(HD)
    s = jnp.where(jnp.tril(jnp.ones((T, T), bool)), s, -1e9)
    a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v).reshape(B, T, HQ * HD)
    x = wsc(x + a @ p["wo"], P("data", None, None))
    h = rms_norm(x, p["norm2"])
    x = x + (jax.nn.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]
    return x @ p["emb"].T


def loss_fn(p, tokens, constrain=True):
    logits = block(p, tokens[:, :-1], constrain)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, tokens[:, 1:, None], -1))


def sgd(p, tokens):
    loss, g = jax.value_and_grad(loss_fn)(p, tokens)
    return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), loss


step = jax.jit(sgd, in_shardings=(shardings, NamedSharding(mesh, P("data"))), out_shardings=(shardings, NamedSharding(mesh, P())))
p_sh = jax.device_put(params, shardings)
tok_sh = jax.device_put(tokens, NamedSharding(mesh, P("data")))
print("wq shard shape:", p_sh["wq"].addressable_shards[0].data.shape, "wo:", p_sh["wo"].addressable_shards[0].data.shape)
losses = []
for i in range(8):
    p_sh, loss = step(p_sh, tok_sh)
    losses.append(float(loss))
print("losses:", [round(l, 4) for l in losses])
print("decreasing:", losses[-1] < losses[0])
print("out shardings kept:", p_sh["w_down"].sharding.spec, p_sh["norm1"].sharding.spec, loss.sharding.spec)
p_ref = params
ref = []
for i in range(8):
    l, g = jax.value_and_grad(loss_fn)(p_ref, tokens, False)
    p_ref = jax.tree.map(lambda a, b: a - 0.5 * b, p_ref, g)
    ref.append(float(l))
print("matches single device:", bool(jnp.allclose(jnp.array(losses), jnp.array(ref), rtol=1e-4)))
print("params agree:", bool(jnp.allclose(p_sh["w_up"], p_ref["w_up"], atol=1e-5)))
compiled = step.lower(p_sh, tok_sh).compile()
print("compiled input sharding of wo:", compiled.input_shardings[0][0]["wo"].spec)
