# ConvNeXt blocks on small NHWC images: a 7x7 depthwise convolution (feature_group_count equal
# to the channels), channels-last LayerNorm, an inverted-bottleneck MLP with GELU, layer scale
# and stochastic depth (a per-example Bernoulli keep mask from a key), a patchify stem and a
# global-average-pooled head; a training step by SGD, eval mode without drop paths, FLOP-free
# shape tracing with jax.eval_shape
import jax
import jax.numpy as jnp

C = 16


def layer_norm(x, g, b, eps=1e-6):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + eps) * g + b


def block_init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"dw": jax.random.normal(k1, (7, 7, 1, C)) * 0.1, "g": jnp.ones(C), "b": jnp.zeros(C),
            "w1": jax.random.normal(k2, (C, 4 * C)) * 0.1, "w2": jax.random.normal(k3, (4 * C, C)) * 0.1,
            "gamma": jnp.full(C, 1e-1)}


def block(p, x, key, drop_rate, train):
    h = jax.lax.conv_general_dilated(x, p["dw"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=C)
    h = layer_norm(h, p["g"], p["b"])
    h = jax.nn.gelu(h @ p["w1"]) @ p["w2"]
    h = h * p["gamma"]
    if train:
        keep = jax.random.bernoulli(key, 1 - drop_rate, (x.shape[0], 1, 1, 1))
        h = jnp.where(keep, h / (1 - drop_rate), 0.0)
    return x + h


def init(key):
    ks = jax.random.split(key, 4)
    return {"stem": jax.random.normal(ks[0], (4, 4, 3, C)) * 0.1, "blocks": [block_init(ks[1]), block_init(ks[2])],
            "head": jax.random.normal(ks[3], (C, 5)) * 0.1}


def forward(p, x, key, train=True):
    x = jax.lax.conv_general_dilated(x, p["stem"], (4, 4), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    for i, bp in enumerate(p["blocks"]):
        x = block(bp, x, jax.random.fold_in(key, i), 0.1 * (i + 1), train)
    return x.mean((1, 2)) @ p["head"]


key = jax.random.key(5)
kx, ky, kp = jax.random.split(key, 3)
X = jax.random.normal(kx, (8, 32, 32, 3))
Y = jax.random.randint(ky, (8,), 0, 5)
p = init(kp)
print("feature map", jax.eval_shape(lambda x: jax.lax.conv_general_dilated(x, p["stem"], (4, 4), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")), X))


def loss(p, key):
    logits = forward(p, X, key)
    return jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, Y[:, None], 1)[:, 0])


@jax.jit
def step(p, key):
    l, g = jax.value_and_grad(loss)(p, key)
    return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), l


for i, k in enumerate(jax.random.split(jax.random.key(9), 30)):
    p, l = step(p, k)
    if i % 10 == 9:
        print(f"step {i + 1} loss {float(l):.4f}")
ev = jax.jit(forward, static_argnums=3)(p, X, jax.random.key(0), False)
print("eval logits", jnp.round(ev[:2], 3))
print("eval accuracy %.3f" % float(jnp.mean(jnp.argmax(ev, -1) == Y)))
print("depthwise kernel", p["blocks"][0]["dw"].shape, "params", sum(x.size for x in jax.tree.leaves(p)))
