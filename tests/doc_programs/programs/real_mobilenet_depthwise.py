# MobileNet-style inverted residual blocks in NHWC: 1x1 expansion, a depthwise 3x3 convolution by
# lax.conv_general_dilated with feature_group_count equal to the channels, ReLU6 by jnp.clip, a
# linear 1x1 projection, squeeze-and-excitation, strides, FLOP / parameter counts compared with a
# dense 3x3 convolution, and the depthwise convolution checked against a per-channel loop
import jax
import jax.numpy as jnp
import numpy as np

DN = ("NHWC", "HWIO", "NHWC")


def conv(x, w, stride=1, groups=1):
    return jax.lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=DN, feature_group_count=groups)


def init_block(key, cin, cout, expand=4):
    k = jax.random.split(key, 5)
    hid = cin * expand
    return {
        "expand": jax.random.normal(k[0], (1, 1, cin, hid)) / np.sqrt(cin),
        "dw": jax.random.normal(k[1], (3, 3, 1, hid)) / 3.0,
        "se1": jax.random.normal(k[2], (hid, hid // 4)) / np.sqrt(hid),
        "se2": jax.random.normal(k[3], (hid // 4, hid)) / np.sqrt(hid // 4),
        "project": jax.random.normal(k[4], (1, 1, hid, cout)) / np.sqrt(hid),
    }


def block(p, x, stride):
    h = jnp.clip(conv(x, p["expand"]), 0, 6)
    h = jnp.clip(conv(h, p["dw"], stride, groups=h.shape[-1]), 0, 6)
    s = h.mean((1, 2))
    s = jax.nn.sigmoid(jax.nn.relu(s @ p["se1"]) @ p["se2"])
    h = h * s[:, None, None, :]
    out = conv(h, p["project"])
    if stride == 1 and x.shape[-1] == out.shape[-1]:
        out = out + x
    return out


x = jax.random.normal(jax.random.key(0), (2, 16, 16, 8))
p1 = init_block(jax.random.key(1), 8, 8)
p2 = init_block(jax.random.key(2), 8, 16)
y1 = jax.jit(block, static_argnums=2)(p1, x, 1)
y2 = jax.jit(block, static_argnums=2)(p2, y1, 2)
print(y1.shape, y2.shape, y2.dtype)
h = jax.random.normal(jax.random.key(3), (1, 6, 6, 4))
w = jax.random.normal(jax.random.key(4), (3, 3, 1, 4))
grouped = conv(h, w, groups=4)
loop = jnp.concatenate([conv(h[..., c : c + 1], w[..., c : c + 1]) for c in range(4)], -1)
print(bool(jnp.allclose(grouped, loop, atol=1e-5)))
nparams = sum(a.size for a in jax.tree.leaves(p2))
dense = 3 * 3 * 32 * 32
print(nparams, p2["dw"].size, dense, dense // p2["dw"].size)
cost = jax.jit(block, static_argnums=2).lower(p2, y1, 2).compile().cost_analysis()
print(type(cost).__name__, "flops" in cost)
g = jax.grad(lambda p: block(p, x, 1).sum())(p1)
print({k: v.shape for k, v in g.items()})
print(float(jnp.abs(y2).mean()))
