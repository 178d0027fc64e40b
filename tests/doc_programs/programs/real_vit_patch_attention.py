# A small vision transformer: patches cut by reshape and by a strided convolution (checked
# equal), a CLS token and learned positions, multi-head attention by jax.nn.dot_product_attention
# with a padding mask, pre-norm blocks, and a few SGD steps on synthetic 8x8 images
import jax
import jax.numpy as jnp
from jax import random

B, H, W, C, PS, D, HEADS = 4, 8, 8, 1, 4, 16, 2
N = (H // PS) * (W // PS)
key = random.key(42)
images = random.normal(random.fold_in(key, 0), (B, H, W, C))
labels = jnp.array([0, 1, 2, 1])


def patchify(x):
    b = x.shape[0]
    x = x.reshape(b, H // PS, PS, W // PS, PS, C).transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(b, N, PS * PS * C)


def init(key):
    ks = random.split(key, 8)
    s = 0.2
    return {
        "patch": random.normal(ks[0], (PS * PS * C, D)) * s,
        "cls": jnp.zeros((1, 1, D)),
        "pos": random.normal(ks[1], (1, N + 1, D)) * 0.02,
        "qkv": random.normal(ks[2], (D, 3, HEADS, D // HEADS)) * s,
        "out": random.normal(ks[3], (HEADS, D // HEADS, D)) * s,
        "mlp1": random.normal(ks[4], (D, 2 * D)) * s,
        "mlp2": random.normal(ks[5], (2 * D, D)) * s,
        "ln": (jnp.ones(D), jnp.zeros(D)),
        "head": random.normal(ks[6], (D, 3)) * s,
    }


def layer_norm(x, scale, bias, eps=1e-6):
    mu = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps) * scale + bias


def embed(p, x):
    tokens = patchify(x) @ p["patch"]
    cls = jnp.broadcast_to(p["cls"], (x.shape[0], 1, D))
    return jnp.concatenate([cls, tokens], axis=1) + p["pos"]


def block(p, h, mask):
    y = layer_norm(h, *p["ln"])
    q, k, v = jnp.einsum("bnd,dthe->tbnhe", y, p["qkv"])
    att = jax.nn.dot_product_attention(q, k, v, mask=mask)
    h = h + jnp.einsum("bnhe,hed->bnd", att, p["out"])
    y = layer_norm(h, *p["ln"])
    return h + jax.nn.gelu(y @ p["mlp1"]) @ p["mlp2"]


def forward(p, x, valid):
    h = embed(p, x)
    mask = valid[:, None, None, :] & valid[:, None, :, None]
    mask = mask | jnp.eye(N + 1, dtype=bool)
    h = block(p, h, mask)
    return layer_norm(h[:, 0], *p["ln"]) @ p["head"]


params = init(random.fold_in(key, 1))
w = params["patch"].T.reshape(D, PS, PS, C).transpose(1, 2, 3, 0)
conv = jax.lax.conv_general_dilated(images, w, (PS, PS), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print(conv.shape, jnp.allclose(conv.reshape(B, N, D), patchify(images) @ params["patch"], atol=1e-5))

valid = jnp.ones((B, N + 1), bool).at[1, -2:].set(False)
logits = forward(params, images, valid)
print(logits.shape, logits.dtype)


def loss_fn(p, x, y, valid):
    logp = jax.nn.log_softmax(forward(p, x, valid))
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


@jax.jit
def step(p, x, y, valid):
    l, g = jax.value_and_grad(loss_fn)(p, x, y, valid)
    return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), l, optax_like_norm(g)


def optax_like_norm(tree):
    return jnp.sqrt(sum(jnp.sum(x * x) for x in jax.tree.leaves(tree)))


ls = []
for i in range(30):
    params, l, gn = step(params, images, labels, valid)
    ls.append(float(l))
print(f"{ls[0]:.4f}", ls[-1] < ls[0], gn.shape)
print(jnp.argmax(forward(params, images, valid), -1))
masked_out = forward(params, images.at[1, :, 4:].set(100.0), valid)[1]
print(masked_out.shape, sorted(jax.tree.leaves(jax.tree.map(lambda x: x.size, params))))
causal = jax.nn.dot_product_attention(*(jnp.ones((1, 3, 1, 2)),) * 3, is_causal=True)
print(causal.shape, jax.eval_shape(forward, params, images, valid))
