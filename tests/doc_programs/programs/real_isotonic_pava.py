# Isotonic regression by the pool-adjacent-violators algorithm written with lax.while_loop
# over a block structure (fixed-size arrays with a running block count), weighted and
# decreasing variants, probability calibration of a classifier's scores with it, and a check
# against a projected-gradient solution of the same quadratic program
import jax
import jax.numpy as jnp


def pava(y, w=None):
    n = y.shape[0]
    w = jnp.ones_like(y) if w is None else w

    def cond(s):
        return s[4] < n

    def body(s):
        vals, wts, sizes, nb, i = s
        vals = vals.at[nb].set(y[i])
        wts = wts.at[nb].set(w[i])
        sizes = sizes.at[nb].set(1)
        nb = nb + 1

        def merge_cond(t):
            vals, wts, sizes, nb = t
            return (nb > 1) & (vals[nb - 2] > vals[nb - 1])

        def merge(t):
            vals, wts, sizes, nb = t
            tw = wts[nb - 2] + wts[nb - 1]
            v = (vals[nb - 2] * wts[nb - 2] + vals[nb - 1] * wts[nb - 1]) / tw
            vals = vals.at[nb - 2].set(v)
            wts = wts.at[nb - 2].set(tw)
            sizes = sizes.at[nb - 2].add(sizes[nb - 1])
            return vals, wts, sizes, nb - 1

        vals, wts, sizes, nb = jax.lax.while_loop(merge_cond, merge, (vals, wts, sizes, nb))
        return vals, wts, sizes, nb, i + 1

    init = (jnp.zeros(n), jnp.zeros(n), jnp.zeros(n, jnp.int32), 0, 0)
    vals, _, sizes, nb, _ = jax.lax.while_loop(cond, body, init)
    ends = jnp.cumsum(jnp.where(jnp.arange(n) < nb, sizes, 0))
    block_of = jnp.searchsorted(ends, jnp.arange(n), side="right")
    return vals[block_of], nb


y = jnp.array([1.0, 3.0, 2.0, 4.0, 3.5, 5.0, 4.0, 4.5, 7.0, 6.0])
fit, blocks = jax.jit(pava)(y)
print("isotonic fit:", jnp.round(fit, 4), "blocks:", int(blocks))
print("monotone:", bool(jnp.all(jnp.diff(fit) >= 0)), "mean preserved:", bool(jnp.allclose(fit.mean(), y.mean())))
w = jnp.array([1.0, 1.0, 5.0, 1.0, 1.0, 1.0, 3.0, 1.0, 1.0, 2.0])
wfit, _ = pava(y, w)
print("weighted fit:", jnp.round(wfit, 4))
dec, _ = pava(-y)
print("decreasing fit:", jnp.round(-dec, 4))


def proj_grad(y, w, iters=5000, lr=0.05):
    # the same QP in terms of increments: x = c + cumsum(softplus-free nonnegative steps)
    def obj(z):
        x = z[0] + jnp.concatenate([jnp.zeros(1), jnp.cumsum(z[1:])])
        return 0.5 * jnp.sum(w * (x - y) ** 2)

    def body(_, z):
        z = z - lr * jax.grad(obj)(z)
        return z.at[1:].set(jnp.maximum(z[1:], 0.0))

    z = jax.lax.fori_loop(0, iters, body, jnp.zeros_like(y))
    return z[0] + jnp.concatenate([jnp.zeros(1), jnp.cumsum(z[1:])])


print("matches projected gradient:", bool(jnp.allclose(proj_grad(y, w), wfit, atol=1e-2)))

key = jax.random.key(31)
k1, k2 = jax.random.split(key)
n = 400
true_p = jax.random.uniform(k1, (n,))
labels = jax.random.bernoulli(k2, true_p).astype(jnp.float32)
scores = jnp.log(true_p / (1 - true_p)) * 0.4 + 2.0
order = jnp.argsort(scores)
calibrated_sorted, nb = jax.jit(pava)(labels[order])
calibrated = jnp.zeros(n).at[order].set(calibrated_sorted)
raw_prob = jax.nn.sigmoid(scores)
brier_raw = jnp.mean((raw_prob - labels) ** 2)
brier_cal = jnp.mean((calibrated - labels) ** 2)
print("calibration blocks:", int(nb), "Brier raw:", round(float(brier_raw), 4), "calibrated:", round(float(brier_cal), 4))
print("calibrated error vs true p:", round(float(jnp.mean(jnp.abs(calibrated - true_p))), 3))
batch = jax.vmap(lambda r: pava(r)[0])(jnp.stack([y, y[::-1], jnp.sin(y)]))
print("vmapped fits:\n", jnp.round(batch, 3))
