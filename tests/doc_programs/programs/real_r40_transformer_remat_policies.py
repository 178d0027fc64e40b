# An attention / transformer block written by hand (multi-head attention with a causal mask,
# layer norm, MLP), stacked by lax.scan over layer params, with jax.checkpoint policies
# (nothing_saveable, dots_with_no_batch_dims_saveable, save_only_these_names with
# checkpoint_name), print_saved_residuals for each, and gradients agreeing across policies
from functools import partial

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name, print_saved_residuals

D, H, T, L = 16, 4, 6, 2


def layer_norm(x, g, b, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps) * g + b


def attention(p, x):
    q, k, v = jnp.split(x @ p["wqkv"], 3, axis=-1)
    split = lambda t: t.reshape(T, H, D // H).transpose(1, 0, 2)
    q, k, v = map(split, (q, k, v))
    logits = jnp.einsum("htd,hsd->hts", q, k) / jnp.sqrt(D // H)
    mask = jnp.tril(jnp.ones((T, T), bool))
    logits = jnp.where(mask, logits, -1e9)
    w = jax.nn.softmax(logits, axis=-1)
    out = jnp.einsum("hts,hsd->htd", w, v).transpose(1, 0, 2).reshape(T, D)
    return checkpoint_name(out @ p["wo"], "attn_out")


def block(p, x):
    x = x + attention(p, layer_norm(x, p["g1"], p["b1"]))
    h = jax.nn.gelu(checkpoint_name(layer_norm(x, p["g2"], p["b2"]) @ p["w1"], "mlp_hidden"))
    return x + h @ p["w2"]


def init(key):
    ks = jax.random.split(key, 4)
    return {
        "wqkv": jax.random.normal(ks[0], (D, 3 * D)) * 0.1,
        "wo": jax.random.normal(ks[1], (D, D)) * 0.1,
        "w1": jax.random.normal(ks[2], (D, 4 * D)) * 0.1,
        "w2": jax.random.normal(ks[3], (4 * D, D)) * 0.1,
        "g1": jnp.ones(D), "b1": jnp.zeros(D), "g2": jnp.ones(D), "b2": jnp.zeros(D),
    }


params = jax.vmap(init)(jax.random.split(jax.random.key(0), L))
print(jax.tree.map(jnp.shape, params))
x = jax.random.normal(jax.random.key(1), (T, D))


def model(params, x, policy=None):
    blk = block if policy == "none" else jax.checkpoint(block, policy=policy)

    def body(x, p):
        return blk(p, x), None

    x, _ = jax.lax.scan(body, x, params)
    return jnp.sum(x ** 2)


policies = {
    "none": "none",
    "default": None,
    "nothing": jax.checkpoint_policies.nothing_saveable,
    "dots": jax.checkpoint_policies.dots_with_no_batch_dims_saveable,
    "names": jax.checkpoint_policies.save_only_these_names("attn_out"),
    "offload": jax.checkpoint_policies.save_any_names_but_these("mlp_hidden"),
}
grads = {}
for name, pol in policies.items():
    grads[name] = jax.jit(jax.grad(partial(model, policy=pol)))(params, x)
    print(name, model(params, x, pol))
ref = grads["none"]
for name, g in grads.items():
    print(name, all(jnp.allclose(a, b, atol=1e-5) for a, b in zip(jax.tree.leaves(g), jax.tree.leaves(ref))))

p0 = jax.tree.map(lambda a: a[0], params)
print_saved_residuals(lambda p, x: jnp.sum(jax.checkpoint(block, policy=jax.checkpoint_policies.save_only_these_names("attn_out"))(p, x)), p0, x)
print("---")
print_saved_residuals(lambda p, x: jnp.sum(jax.checkpoint(block, policy=jax.checkpoint_policies.nothing_saveable)(p, x)), p0, x)
print("---")
print_saved_residuals(lambda x: jnp.sum(jnp.sin(jnp.sin(x))), x[0])
print(jax.checkpoint(lambda x: jnp.sin(x) ** 2)(2.0), jax.grad(jax.remat(lambda x: jnp.sin(x) ** 2))(2.0))


@partial(jax.checkpoint, static_argnums=(1,))
def repeat(x, n):
    for _ in range(n):
        x = jnp.sin(x)
    return x


print(jax.grad(repeat)(1.0, 3))
