# A bitonic sorting network: compare-exchange stages built from index arithmetic (i ^ j partners,
# direction from i & k), applied with jnp.where in a Python loop over the log^2 n stages and again
# as a lax.fori_loop over a precomputed stage table, batched by vmap, with an argsort variant
# carrying indices, a key-value sort, and checks against jnp.sort / lax.sort
import jax
import jax.numpy as jnp
import numpy as np

N = 32


def stages(n):
    out = []
    k = 2
    while k <= n:
        j = k // 2
        while j > 0:
            out.append((k, j))
            j //= 2
        k *= 2
    return out


STAGES = stages(N)
print(len(STAGES), STAGES[:4])


def compare_exchange(x, payload, k, j):
    i = jnp.arange(x.shape[-1])
    partner = i ^ j
    up = (i & k) == 0
    xp, pp = x[..., partner], payload[..., partner]
    lower = i < partner
    keep_min = lower == up
    take_partner = jnp.where(keep_min, xp < x, xp > x)
    return jnp.where(take_partner, xp, x), jnp.where(take_partner, pp, payload)


def bitonic_argsort(x):
    idx = jnp.arange(x.shape[-1])
    for k, j in STAGES:
        x, idx = compare_exchange(x, idx, k, j)
    return x, idx


table = jnp.array(STAGES, jnp.int32)


def bitonic_loop(x):
    def body(s, carry):
        x, idx = carry
        k, j = table[s, 0], table[s, 1]
        return compare_exchange(x, idx, k, j)

    return jax.lax.fori_loop(0, len(STAGES), body, (x, jnp.arange(x.shape[-1])))


x = jax.random.permutation(jax.random.key(0), jnp.arange(N)).astype(jnp.float32)
s, idx = jax.jit(bitonic_argsort)(x)
print(bool(jnp.array_equal(s, jnp.sort(x))), bool(jnp.array_equal(x[idx], s)))
s2, idx2 = jax.jit(bitonic_loop)(x)
print(bool(jnp.array_equal(s2, s)), bool(jnp.array_equal(idx2, idx)), idx2.dtype)
batch = jax.random.normal(jax.random.key(1), (5, N))
bs, bi = jax.vmap(bitonic_argsort)(batch)
print(bs.shape, bool(jnp.array_equal(bs, jnp.sort(batch, axis=-1))))
print(bool(jnp.all(jnp.take_along_axis(batch, bi, -1) == bs)))
keys = jax.random.randint(jax.random.key(2), (N,), 0, 8)
vals = jnp.arange(N)
ks, order = bitonic_argsort(keys)
ref_k, ref_v = jax.lax.sort((keys, vals), num_keys=1)
print(bool(jnp.array_equal(ks, ref_k)), bool(jnp.array_equal(jnp.sort(vals[order][ks == 3]), ref_v[ref_k == 3])))
jaxpr = jax.make_jaxpr(bitonic_argsort)(x)
print(len(jaxpr.jaxpr.eqns) > len(STAGES), jaxpr.out_avals)
comparators = sum(N // 2 for _ in STAGES)
print(comparators, int(np.log2(N)) * (int(np.log2(N)) + 1) // 2 == len(STAGES))
median = jax.jit(lambda v: bitonic_argsort(v)[0][N // 2 - 1 : N // 2 + 1].mean())(batch[0])
print(float(median), float(jnp.median(batch[0])))
