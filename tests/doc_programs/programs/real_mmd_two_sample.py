# Kernel two-sample testing: the unbiased MMD^2 estimator with a Gaussian kernel and the median
# heuristic bandwidth, a permutation test with vmap over permutations (random.permutation keys),
# the p-value, power over repeated experiments by vmap over keys, and a learned bandwidth by
# gradient ascent on the MMD's signal-to-noise ratio
import jax
import jax.numpy as jnp

N, D = 100, 2


def sqdist(x, y):
    return jnp.sum(x**2, 1)[:, None] + jnp.sum(y**2, 1)[None, :] - 2 * x @ y.T


def median_bandwidth(x, y):
    z = jnp.concatenate([x, y])
    d = sqdist(z, z)
    return jnp.sqrt(0.5 * jnp.median(d[jnp.triu_indices(z.shape[0], k=1)]))


def mmd2(x, y, sigma):
    kxx = jnp.exp(-sqdist(x, x) / (2 * sigma**2))
    kyy = jnp.exp(-sqdist(y, y) / (2 * sigma**2))
    kxy = jnp.exp(-sqdist(x, y) / (2 * sigma**2))
    n, m = x.shape[0], y.shape[0]
    term_x = (kxx.sum() - jnp.trace(kxx)) / (n * (n - 1))
    term_y = (kyy.sum() - jnp.trace(kyy)) / (m * (m - 1))
    return term_x + term_y - 2 * kxy.mean()


def permutation_test(x, y, key, num_perm=200):
    sigma = median_bandwidth(x, y)
    stat = mmd2(x, y, sigma)
    z = jnp.concatenate([x, y])

    def permuted(k):
        zp = jax.random.permutation(k, z)
        return mmd2(zp[:N], zp[N:], sigma)

    null = jax.vmap(permuted)(jax.random.split(key, num_perm))
    return stat, jnp.mean(null >= stat), sigma


test = jax.jit(permutation_test, static_argnames="num_perm")
k1, k2, k3, k4 = jax.random.split(jax.random.key(8), 4)
x = jax.random.normal(k1, (N, D))
same = jax.random.normal(k2, (N, D))
shifted = jax.random.normal(k2, (N, D)) + jnp.array([0.6, 0.0])
scaled = jax.random.normal(k2, (N, D)) * jnp.array([1.0, 1.8])
for name, y in (("same distribution", same), ("mean shift", shifted), ("variance change", scaled)):
    stat, p, sigma = test(x, y, k3)
    print(f"{name:18s}: MMD^2 {float(stat):+.4f} p-value {float(p):.3f} bandwidth {float(sigma):.3f}")


@jax.jit
def power(shift, keys):
    def one(k):
        ka, kb, kp = jax.random.split(k, 3)
        a = jax.random.normal(ka, (N, D))
        b = jax.random.normal(kb, (N, D)) + jnp.array([shift, 0.0])
        return permutation_test(a, b, kp, 100)[1] < 0.05
    return jnp.mean(jax.vmap(one)(keys))


keys = jax.random.split(k4, 20)
for shift in (0.0, 0.3, 0.6):
    print(f"rejection rate at shift {shift}: {float(power(shift, keys)):.2f}")


def snr(log_sigma, x, y):
    sigma = jnp.exp(log_sigma)
    halves = [mmd2(x[i::4], y[i::4], sigma) for i in range(4)]
    h = jnp.stack(halves)
    return h.mean() / (h.std() + 1e-3)


log_sigma = jnp.log(median_bandwidth(x, scaled))
g = jax.jit(jax.grad(snr))
for _ in range(30):
    log_sigma = log_sigma + 0.05 * g(log_sigma, x, scaled)
print("learned bandwidth:", round(float(jnp.exp(log_sigma)), 3), "SNR:", round(float(snr(log_sigma, x, scaled)), 3))
