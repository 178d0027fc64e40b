# Approximate nearest-neighbour search with product quantization: vectors split into
# sub-spaces, a k-means codebook per sub-space trained by vmap over sub-spaces (lax.scan over
# Lloyd iterations), uint8 codes, asymmetric distance computation with lookup tables gathered by
# take_along_axis, recall@k against exact search, and the quantization error per sub-space
import jax
import jax.numpy as jnp

N, D, M, K, Q = 1024, 32, 4, 16, 16
DS = D // M
kd, kq, kc = jax.random.split(jax.random.key(27), 3)
centers = jax.random.normal(kc, (32, D)) * 2
data = centers[jax.random.randint(kd, (N,), 0, 32)] + 0.5 * jax.random.normal(kd, (N, D))
queries = data[:Q] + 0.1 * jax.random.normal(kq, (Q, D))


def kmeans(x, key, iters=20):
    init = x[jax.random.choice(key, x.shape[0], (K,), replace=False)]

    def step(c, _):
        d = jnp.sum((x[:, None] - c[None]) ** 2, -1)
        assign = jnp.argmin(d, axis=1)
        onehot = jax.nn.one_hot(assign, K)
        counts = onehot.sum(0)
        new = (onehot.T @ x) / jnp.maximum(counts, 1)[:, None]
        return jnp.where(counts[:, None] > 0, new, c), jnp.mean(jnp.min(d, axis=1))

    return jax.lax.scan(step, init, None, length=iters)


sub = data.reshape(N, M, DS).transpose(1, 0, 2)
codebooks, inertia = jax.jit(jax.vmap(kmeans))(sub, jax.random.split(kc, M))
print("codebooks:", codebooks.shape, "inertia first/last per sub-space:\n", jnp.round(inertia[:, jnp.array([0, -1])], 3))


@jax.jit
def encode(x):
    xs = x.reshape(x.shape[0], M, DS)
    d = jnp.sum((xs[:, :, None, :] - codebooks[None]) ** 2, -1)
    return jnp.argmin(d, axis=-1).astype(jnp.uint8)


codes = encode(data)
print("codes:", codes.shape, codes.dtype, "first:", codes[0])
recon = jnp.take_along_axis(codebooks[None], codes.astype(jnp.int32)[:, :, None, None], axis=2)[:, :, 0].reshape(N, D)
print("relative reconstruction error:", round(float(jnp.linalg.norm(recon - data) / jnp.linalg.norm(data)), 4))
print("per sub-space error:", jnp.round(jnp.mean(jnp.sum((recon - data).reshape(N, M, DS) ** 2, -1), 0), 3))


@jax.jit
def adc_search(q, k=10):
    qs = q.reshape(q.shape[0], M, DS)
    tables = jnp.sum((qs[:, :, None, :] - codebooks[None]) ** 2, -1)
    idx = codes.astype(jnp.int32).T[None]
    dist = jnp.take_along_axis(tables, idx, axis=2).sum(axis=1)
    return jax.lax.top_k(-dist, k)[1]


def exact_search(q, k=10):
    d = jnp.sum(q**2, 1)[:, None] - 2 * q @ data.T + jnp.sum(data**2, 1)[None]
    return jax.lax.top_k(-d, k)[1]


approx, exact = adc_search(queries), exact_search(queries)
hits = jax.vmap(lambda a, e: jnp.isin(e, a).sum())(approx, exact)
print("recall@10:", round(float(hits.sum() / exact.size), 3))
print("top-1 found among 10 candidates:", round(float(jax.vmap(lambda a, e: jnp.isin(e[0], a))(approx, exact).mean()), 3))
print("query 0 true neighbour found first:", int(approx[0, 0]), int(exact[0, 0]))
memory = codes.nbytes + codebooks.nbytes
print("bytes: codes", codes.nbytes, "codebooks", codebooks.nbytes, "vs raw", data.nbytes, f"({data.nbytes / memory:.1f}x smaller)")
