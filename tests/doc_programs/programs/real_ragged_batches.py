# Ragged sequences packed into flat buffers with row offsets, as data pipelines do: segment
# ids from offsets by searchsorted / repeat with total_repeat_length, per-sequence means, maxima
# and softmax by segment ops, padding to a dense batch and back with masks, sequence packing of
# several examples into fixed-length rows with position ids reset per example, and a packed
# attention mask checked against per-sequence attention
import jax
import jax.numpy as jnp
import numpy as np

lengths = jnp.array([3, 1, 4, 2, 5])
offsets = jnp.concatenate([jnp.zeros(1, jnp.int32), jnp.cumsum(lengths)])
total = int(offsets[-1])
rng = np.random.default_rng(0)
flat = jnp.asarray(rng.normal(size=(total, 4)), jnp.float32)
print("offsets", offsets, "total", total)

seg_a = jnp.searchsorted(offsets[1:], jnp.arange(total), side="right")
seg_b = jnp.repeat(jnp.arange(5), lengths, total_repeat_length=total)
print("segment ids", seg_a, bool(jnp.array_equal(seg_a, seg_b)))
n = lengths.shape[0]
means = jax.ops.segment_sum(flat, seg_a, n) / lengths[:, None]
maxes = jax.ops.segment_max(flat, seg_a, n)
print("means", jnp.round(means[:, 0], 4), "maxes", jnp.round(maxes[:, 0], 4))
scores = flat[:, 0]
ex = jnp.exp(scores - jax.ops.segment_max(scores, seg_a, n)[seg_a])
soft = ex / jax.ops.segment_sum(ex, seg_a, n)[seg_a]
print("segment softmax sums", jnp.round(jax.ops.segment_sum(soft, seg_a, n), 5))

MAXLEN = 5
pos_in_seq = jnp.arange(total) - offsets[seg_a]
dense = jnp.zeros((n, MAXLEN, 4)).at[seg_a, pos_in_seq].set(flat)
mask = jnp.arange(MAXLEN)[None] < lengths[:, None]
print(dense.shape, mask.astype(jnp.int32))
back = dense[mask]
print("round trip", bool(jnp.array_equal(back, flat)))
masked_mean = jnp.sum(dense * mask[..., None], 1) / mask.sum(1, keepdims=True)
print("masked mean equal", bool(jnp.allclose(masked_mean, means, atol=1e-6)))

ROW = 8
rows = [[0, 2], [1, 3], [4]]
packed_tokens, packed_pos, packed_seg = [], [], []
for r in rows:
    toks, pos, seg = [], [], []
    for i, s in enumerate(r):
        L = int(lengths[s])
        toks += list(range(int(offsets[s]), int(offsets[s]) + L))
        pos += list(range(L))
        seg += [i + 1] * L
    pad = ROW - len(toks)
    packed_tokens.append(toks + [0] * pad)
    packed_pos.append(pos + [0] * pad)
    packed_seg.append(seg + [0] * pad)
packed_tokens, packed_pos, packed_seg = map(jnp.array, (packed_tokens, packed_pos, packed_seg))
print(packed_pos)
print(packed_seg)
x = flat[packed_tokens]
attn_mask = (packed_seg[:, :, None] == packed_seg[:, None, :]) & (packed_seg[:, :, None] > 0)
attn_mask &= packed_pos[:, :, None] >= packed_pos[:, None, :]
out = jax.nn.dot_product_attention(x[:, :, None, :], x[:, :, None, :], x[:, :, None, :], mask=attn_mask[:, None])[:, :, 0]
s = 2
single = jax.nn.dot_product_attention(flat[None, offsets[s]:offsets[s + 1], None], flat[None, offsets[s]:offsets[s + 1], None],
                                      flat[None, offsets[s]:offsets[s + 1], None], is_causal=True)[0, :, 0]
print("packed == single", bool(jnp.allclose(out[0, 3:7], single, atol=1e-5)))
print(jnp.round(out[2, :5, 0], 4))
