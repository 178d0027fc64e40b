# Swin-transformer window attention: an image of patch tokens partitioned into non-overlapping
# windows by reshape / transpose, a learned relative position bias table indexed by a precomputed
# relative-coordinate index, shifted windows by jnp.roll with an attention mask separating regions
# that were not adjacent, window reverse, patch merging, and a check that the shift round-trips
import jax
import jax.numpy as jnp
import numpy as np

Hp = Wp = 8
WS, C, HEADS = 4, 16, 2


def window_partition(x):
    H, W, C = x.shape
    x = x.reshape(H // WS, WS, W // WS, WS, C).transpose(0, 2, 1, 3, 4)
    return x.reshape(-1, WS * WS, C)


def window_reverse(w, H, W):
    C = w.shape[-1]
    x = w.reshape(H // WS, W // WS, WS, WS, C).transpose(0, 2, 1, 3, 4)
    return x.reshape(H, W, C)


coords = np.stack(np.meshgrid(np.arange(WS), np.arange(WS), indexing="ij")).reshape(2, -1)
rel = coords[:, :, None] - coords[:, None, :] + WS - 1
rel_index = jnp.asarray(rel[0] * (2 * WS - 1) + rel[1])
print(rel_index.shape, int(rel_index.max()), (2 * WS - 1) ** 2)


def shift_mask():
    img = np.zeros((Hp, Wp), np.int32)
    cnt = 0
    for hs in (slice(0, -WS), slice(-WS, -WS // 2), slice(-WS // 2, None)):
        for ws in (slice(0, -WS), slice(-WS, -WS // 2), slice(-WS // 2, None)):
            img[hs, ws] = cnt
            cnt += 1
    wins = window_partition(jnp.asarray(img)[..., None])[..., 0]
    return wins[:, :, None] != wins[:, None, :]


def attention(p, x, mask=None):
    nw, n, _ = x.shape
    qkv = (x @ p["qkv"]).reshape(nw, n, 3, HEADS, C // HEADS).transpose(2, 0, 3, 1, 4)
    q, k, v = qkv
    s = q @ k.swapaxes(-1, -2) / jnp.sqrt(C // HEADS)
    s = s + p["bias_table"][rel_index].transpose(2, 0, 1)[None]
    if mask is not None:
        s = jnp.where(mask[:, None], -100.0, s)
    o = jax.nn.softmax(s, -1) @ v
    return o.transpose(0, 2, 1, 3).reshape(nw, n, C) @ p["proj"]


def swin_block(p, x, shift):
    if shift:
        x = jnp.roll(x, (-WS // 2, -WS // 2), (0, 1))
    out = window_reverse(attention(p, window_partition(x), shift_mask() if shift else None), Hp, Wp)
    if shift:
        out = jnp.roll(out, (WS // 2, WS // 2), (0, 1))
    return out


def patch_merge(x):
    x = jnp.concatenate([x[0::2, 0::2], x[1::2, 0::2], x[0::2, 1::2], x[1::2, 1::2]], -1)
    return x


k = jax.random.split(jax.random.key(0), 4)
p = {
    "qkv": jax.random.normal(k[0], (C, 3 * C)) / 4,
    "proj": jax.random.normal(k[1], (C, C)) / 4,
    "bias_table": 0.02 * jax.random.normal(k[2], ((2 * WS - 1) ** 2, HEADS)),
}
x = jax.random.normal(k[3], (Hp, Wp, C))
print(window_partition(x).shape, bool(jnp.array_equal(window_reverse(window_partition(x), Hp, Wp), x)))
m = shift_mask()
print(m.shape, int(m[0].sum()), int(m[-1].sum()))
y0 = jax.jit(swin_block, static_argnums=2)(p, x, False)
y1 = jax.jit(swin_block, static_argnums=2)(p, x + y0, True)
print(y1.shape, float(jnp.abs(y1).mean()))
merged = patch_merge(x + y0 + y1)
print(merged.shape)
r = jnp.roll(jnp.roll(x, (-2, -2), (0, 1)), (2, 2), (0, 1))
print(bool(jnp.array_equal(r, x)))
g = jax.grad(lambda p: swin_block(p, x, True).sum())(p)
print(jax.tree.map(jnp.shape, g), bool(jnp.any(g["bias_table"] != 0)))
