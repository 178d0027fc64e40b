# A data-frame style group-by in jax.numpy: categorical keys factorised with unique(return_inverse),
# per-group counts / sums / means / variances / min / max with jax.ops.segment_* (num_segments
# static), group-normalised features, a per-group top-2 by sorting on (group, -value), a pivot
# table with .at[].add, and a jitted rolling 7-day mean per store by a cumsum difference
import jax
import jax.numpy as jnp

key = jax.random.key(77)
k1, k2, k3 = jax.random.split(key, 3)
N = 60
store_codes = jnp.array([101, 205, 333, 478])
store = store_codes[jax.random.randint(k1, (N,), 0, 4)]
day = jnp.tile(jnp.arange(15), 4)
sales = jnp.round(jax.random.gamma(k2, 3.0, (N,)) * 10 + (store % 7), 1)
promo = jax.random.bernoulli(k3, 0.3, (N,))

codes, gid = jnp.unique(store, return_inverse=True)
G = codes.shape[0]
print("stores:", codes, "group ids:", gid[:10])
count = jax.ops.segment_sum(jnp.ones(N), gid, G)
total = jax.ops.segment_sum(sales, gid, G)
mean = total / count
var = jax.ops.segment_sum((sales - mean[gid]) ** 2, gid, G) / (count - 1)
mx = jax.ops.segment_max(sales, gid, G)
mn = jax.ops.segment_min(sales, gid, G)
print("count:", count.astype(jnp.int32))
print("mean:", jnp.round(mean, 2))
print("std:", jnp.round(jnp.sqrt(var), 2))
print("min / max:", mn, mx)
for g in range(G):
    sel = sales[gid == g]
    assert jnp.allclose(sel.mean(), mean[g]) and jnp.allclose(sel.var(ddof=1), var[g], rtol=1e-4)
print("agrees with boolean-mask groups: True")
z = (sales - mean[gid]) / jnp.sqrt(var[gid])
print("z-scores per group mean ~0:", bool(jnp.all(jnp.abs(jax.ops.segment_sum(z, gid, G)) < 1e-3)))

order = jnp.lexsort((-sales, gid))
first_in_group = jnp.searchsorted(gid[order], jnp.arange(G))
top2 = sales[order][first_in_group[:, None] + jnp.arange(2)]
print("top-2 sales per store:\n", top2)

pivot = jnp.zeros((G, 2)).at[gid, promo.astype(jnp.int32)].add(sales)
pcount = jnp.zeros((G, 2)).at[gid, promo.astype(jnp.int32)].add(1.0)
print("pivot mean sales (no promo, promo):\n", jnp.round(pivot / jnp.maximum(pcount, 1), 2))
lift = pivot[:, 1] / jnp.maximum(pcount[:, 1], 1) - pivot[:, 0] / jnp.maximum(pcount[:, 0], 1)
print("promo lift:", jnp.round(lift, 2))


@jax.jit
def rolling_mean(daily, window=7):
    c = jnp.cumsum(jnp.concatenate([jnp.zeros((daily.shape[0], 1)), daily], 1), axis=1)
    sums = c[:, window:] - c[:, :-window]
    return sums / window


daily = jnp.zeros((G, 15)).at[gid, day].add(sales)
rm = rolling_mean(daily)
print("rolling mean shape:", rm.shape, "first store:", jnp.round(rm[0], 2))
conv = jax.vmap(lambda r: jnp.convolve(r, jnp.ones(7) / 7, mode="valid"))(daily)
print("matches convolve:", bool(jnp.allclose(rm, conv, atol=1e-4)))
ranks = jnp.argsort(jnp.argsort(-total))
print("store ranking by revenue:", dict(zip(codes.tolist(), ranks.tolist())))
