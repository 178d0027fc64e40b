# Near-duplicate detection with MinHash and locality-sensitive hashing in uint32 arithmetic:
# shingles of token ids hashed by a multiply-xorshift mix (wrapping uint32 products, shifts,
# xor), k hash functions from random.bits, signatures by a masked min over shingles, Jaccard
# estimates against exact set Jaccard (jnp.isin), banding into buckets with a polynomial hash,
# candidate pairs by comparing bucket ids, plus popcount-based SimHash distances
import jax
import jax.numpy as jnp
import numpy as np

NDOC, LEN, SH, NHASH, BANDS = 8, 24, 3, 32, 8
rng = np.random.default_rng(0)
base = rng.integers(0, 50, size=(4, LEN))
docs = np.concatenate([base, base.copy()])
for d in range(4, 8):
    flip = rng.choice(LEN, size=d - 3, replace=False)
    docs[d, flip] = rng.integers(50, 100, size=flip.size)
docs = jnp.asarray(docs, dtype=jnp.uint32)
print(docs.shape, docs.dtype)


def mix(x):
    x = x ^ (x >> 16)
    x = x * jnp.uint32(0x7FEB352D)
    x = x ^ (x >> 15)
    x = x * jnp.uint32(0x846CA68B)
    return x ^ (x >> 16)


def shingles(doc):
    idx = jnp.arange(LEN - SH + 1)[:, None] + jnp.arange(SH)
    grams = doc[idx]
    return mix(grams[:, 0] * jnp.uint32(31 * 31) + grams[:, 1] * jnp.uint32(31) + grams[:, 2])


S = jax.vmap(shingles)(docs)
print(S.shape, S.dtype, int(S[0, 0] >> 28))
seeds = jax.random.bits(jax.random.key(0), (NHASH,), dtype=jnp.uint32)


def signature(sh):
    return jnp.min(mix(sh[None, :] ^ seeds[:, None]), axis=1)


sigs = jax.jit(jax.vmap(signature))(S)
print(sigs.shape, sigs.dtype)


def exact_jaccard(a, b):
    inter = jnp.sum(jnp.isin(jnp.unique(a, size=a.shape[0], fill_value=a[0]), b) & (jnp.arange(a.shape[0]) < jnp.unique(a).shape[0]))
    union = jnp.unique(jnp.concatenate([a, b])).shape[0]
    return inter / union


est = jnp.mean(sigs[:, None, :] == sigs[None, :, :], -1)
pairs = [(0, 4), (1, 5), (2, 6), (3, 7), (0, 1)]
for i, j in pairs:
    print(i, j, f"{float(est[i, j]):.3f}", f"{float(exact_jaccard(S[i], S[j])):.3f}")

bands = sigs.reshape(NDOC, BANDS, NHASH // BANDS)
powers = jnp.uint32(1000003) ** jnp.arange(NHASH // BANDS, dtype=jnp.uint32)
bucket = jnp.sum(bands * powers, axis=-1, dtype=jnp.uint32)
cand = jnp.any(bucket[:, None, :] == bucket[None, :, :], -1) & ~jnp.eye(NDOC, dtype=bool)
print(bucket.dtype, jnp.argwhere(jnp.triu(cand), size=6, fill_value=-1))

proj = jax.random.normal(jax.random.key(1), (32, 100))
counts = jax.vmap(lambda d: jnp.bincount(d.astype(jnp.int32), length=100))(docs).astype(jnp.float32)
bits = (proj @ counts.T > 0).T
packed = jnp.sum(bits.astype(jnp.uint32) << jnp.arange(32, dtype=jnp.uint32), axis=1, dtype=jnp.uint32)
ham = jax.lax.population_count(packed[:, None] ^ packed[None, :])
print(packed.dtype, ham.dtype, ham[0], bool(ham[0, 4] <= ham[0, 1]))
print(jnp.uint32(0xFFFFFFFF) * jnp.uint32(3), jnp.left_shift(jnp.uint32(1), jnp.uint32(31)), jax.lax.clz(packed[:2]))
