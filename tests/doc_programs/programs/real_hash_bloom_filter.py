# Integer hashing in JAX: MurmurHash3's 32-bit finaliser and FNV-1a over byte arrays with uint32
# wrap-around multiplication, rotations by shift_left / shift_right_logical, a Bloom filter's bit
# array set and queried with k hashes (double hashing), its false-positive rate against the
# formula, count-min sketch frequency estimates with scatter-add, and HyperLogLog cardinality
# from leading zeros by lax.clz
import jax
import jax.numpy as jnp
import numpy as np

U32 = jnp.uint32


def fmix32(h):
    h = h ^ jax.lax.shift_right_logical(h, U32(16))
    h = h * U32(0x85EBCA6B)
    h = h ^ jax.lax.shift_right_logical(h, U32(13))
    h = h * U32(0xC2B2AE35)
    return h ^ jax.lax.shift_right_logical(h, U32(16))


def rotl(x, r):
    return jax.lax.shift_left(x, U32(r)) | jax.lax.shift_right_logical(x, U32(32 - r))


def fnv1a(data):
    def step(h, b):
        return (h ^ b.astype(U32)) * U32(16777619), None

    h, _ = jax.lax.scan(step, U32(2166136261), data)
    return h


def np_fmix32(h):
    h = np.uint32(h)
    with np.errstate(over="ignore"):
        h ^= h >> np.uint32(16)
        h = np.uint32(h * np.uint32(0x85EBCA6B))
        h ^= h >> np.uint32(13)
        h = np.uint32(h * np.uint32(0xC2B2AE35))
        h ^= h >> np.uint32(16)
    return h


keys = jnp.arange(10, dtype=U32)
hashed = jax.jit(fmix32)(keys)
print(hashed.dtype, hashed[:3], all(int(hashed[i]) == int(np_fmix32(i)) for i in range(10)))
print(rotl(U32(0x80000001), 1), fnv1a(jnp.frombuffer(b"hello", dtype=jnp.uint8)), hex(int(fnv1a(jnp.array([], jnp.uint8)))))

M, KH = 2048, 4


def bloom_indices(x):
    h1 = fmix32(x)
    h2 = fmix32(x ^ U32(0x9E3779B9)) | U32(1)
    i = jnp.arange(KH, dtype=U32)
    return ((h1[..., None] + i * h2[..., None]) % U32(M)).astype(jnp.int32)


@jax.jit
def bloom_add(bits, xs):
    return bits.at[bloom_indices(xs).reshape(-1)].set(True)


@jax.jit
def bloom_query(bits, xs):
    return bits[bloom_indices(xs)].all(-1)


inserted = jnp.arange(0, 400, dtype=U32) * U32(7)
bits = bloom_add(jnp.zeros(M, bool), inserted)
print(int(bits.sum()), bool(bloom_query(bits, inserted).all()))
others = jnp.arange(100000, 110000, dtype=U32)
fp = float(bloom_query(bits, others).mean())
expected = (1 - np.exp(-KH * 400 / M)) ** KH
print(abs(fp - expected) < 0.01, round(expected, 4))

W, DEPTH = 64, 4
stream = (jax.random.pareto(jax.random.key(0), 1.2, (5000,)).astype(jnp.int32) % 200).astype(U32)


@jax.jit
def cms(stream):
    rows = jnp.arange(DEPTH, dtype=U32)
    idx = (fmix32(stream[None] ^ (rows[:, None] * U32(0x27D4EB2F))) % U32(W)).astype(jnp.int32)
    table = jnp.zeros((DEPTH, W), jnp.int32).at[rows.astype(jnp.int32)[:, None], idx].add(1)
    return table


def cms_query(table, x):
    rows = jnp.arange(DEPTH, dtype=U32)
    idx = (fmix32(x ^ (rows * U32(0x27D4EB2F))) % U32(W)).astype(jnp.int32)
    return table[jnp.arange(DEPTH), idx].min()


table = cms(stream)
true = jnp.bincount(stream.astype(jnp.int32), length=200)
est = jax.vmap(lambda x: cms_query(table, x))(jnp.arange(5, dtype=U32))
print(table.sum(1), bool(jnp.all(est >= true[:5])))


def hll(xs, b=6):
    h = fmix32(xs)
    idx = jax.lax.shift_right_logical(h, U32(32 - b)).astype(jnp.int32)
    rest = jax.lax.shift_left(h, U32(b))
    rank = jnp.minimum(jax.lax.clz(rest), 32 - b) + 1
    regs = jnp.zeros(2**b, jnp.int32).at[idx].max(rank.astype(jnp.int32))
    m = 2**b
    alpha = 0.709
    return alpha * m * m / jnp.sum(2.0 ** (-regs.astype(jnp.float32)))


print(jax.lax.clz(U32(1)), jax.lax.clz(jnp.array([1, 255, -1], jnp.int32)))
card = float(jax.jit(hll)(jnp.arange(20000, dtype=U32)))
print(abs(card - 20000) / 20000 < 0.3)
