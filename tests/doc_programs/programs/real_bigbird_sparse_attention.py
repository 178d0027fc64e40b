# BigBird-style block-sparse attention: a block mask made of a sliding window, global blocks and
# random blocks per query block (fixed by a key), expanded to a token mask with jnp.kron and
# repeat, attention computed densely with the mask and blockwise with gathered key blocks, the
# two compared, plus sparsity statistics and causal masking with jnp.tril
import jax
import jax.numpy as jnp
import numpy as np

T, BLK, D, H = 64, 8, 16, 2
NB = T // BLK


def block_mask(key, window=1, n_global=1, n_random=1):
    i = jnp.arange(NB)
    m = jnp.abs(i[:, None] - i[None, :]) <= window
    m = m.at[:, :n_global].set(True).at[:n_global, :].set(True)
    rand = jax.random.randint(key, (NB, n_random), 0, NB)
    m = m.at[i[:, None], rand].set(True)
    return m


bm = block_mask(jax.random.key(0))
print(bm.shape, bm.dtype, int(bm.sum()), bool(jnp.all(jnp.diag(bm))))
tok = jnp.kron(bm.astype(jnp.int32), jnp.ones((BLK, BLK), jnp.int32)).astype(bool)
tok2 = jnp.repeat(jnp.repeat(bm, BLK, 0), BLK, 1)
print(tok.shape, bool(jnp.array_equal(tok, tok2)), float(tok.mean()))


def dense_attention(q, k, v, mask):
    s = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(D)
    s = jnp.where(mask, s, -1e30)
    return jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(s, -1), v)


def blockwise_attention(q, k, v, bm, max_blocks):
    idx = jnp.argsort(~bm, axis=1, stable=True)[:, :max_blocks]  # chosen key blocks first
    valid = jnp.take_along_axis(bm, idx, 1)
    qb = q.reshape(H, NB, BLK, D)
    kb = k.reshape(H, NB, BLK, D)[:, idx]  # H, NB, max_blocks, BLK, D
    vb = v.reshape(H, NB, BLK, D)[:, idx]
    s = jnp.einsum("hnqd,hnmkd->hnqmk", qb, kb) / jnp.sqrt(D)
    s = jnp.where(valid[None, :, None, :, None], s, -1e30)
    s = s.reshape(H, NB, BLK, max_blocks * BLK)
    p = jax.nn.softmax(s, -1).reshape(H, NB, BLK, max_blocks, BLK)
    return jnp.einsum("hnqmk,hnmkd->hnqd", p, vb).reshape(H, T, D)


kq, kk, kv = jax.random.split(jax.random.key(1), 3)
q, k, v = (jax.random.normal(kk_, (H, T, D)) for kk_ in (kq, kk, kv))
max_blocks = int(bm.sum(1).max())
dense = jax.jit(dense_attention)(q, k, v, tok)
sparse = jax.jit(blockwise_attention, static_argnums=4)(q, k, v, bm, max_blocks)
print(max_blocks, dense.shape, float(jnp.max(jnp.abs(dense - sparse))) < 1e-5)
causal = tok & jnp.tril(jnp.ones((T, T), bool))
out_c = dense_attention(q, k, v, causal)
print(float(causal.mean()), out_c[:, 0].shape, bool(jnp.allclose(out_c[:, 0], v[:, 0], atol=1e-6)))
g = jax.grad(lambda q: jax.jit(blockwise_attention, static_argnums=4)(q, k, v, bm, max_blocks).sum())(q)
gd = jax.grad(lambda q: dense_attention(q, k, v, tok).sum())(q)
print(g.shape, float(jnp.max(jnp.abs(g - gd))) < 1e-4)
flops_dense = 2 * H * T * T * D
flops_sparse = 2 * H * NB * BLK * max_blocks * BLK * D
print(flops_dense, flops_sparse, np.round(flops_sparse / flops_dense, 3))
