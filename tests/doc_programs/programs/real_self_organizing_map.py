# A Kohonen self-organising map on colour vectors: best-matching units by argmin of squared
# distances, a Gaussian neighbourhood on the 2-D grid with decaying radius and learning rate, the
# online updates in a scan over shuffled samples, quantisation and topographic errors, and a
# batch-SOM variant by segment sums
import jax
import jax.numpy as jnp

GRID = 8
coords = jnp.stack(jnp.meshgrid(jnp.arange(GRID), jnp.arange(GRID), indexing="ij"), -1).reshape(-1, 2).astype(jnp.float32)
data = jax.random.uniform(jax.random.key(0), (300, 3))
weights0 = jax.random.uniform(jax.random.key(1), (GRID * GRID, 3))


def bmu(w, x):
    return jnp.argmin(jnp.sum((w - x) ** 2, -1))


def train_online(w, data, key, epochs=5):
    n = data.shape[0]
    total = epochs * n
    order = jnp.concatenate([jax.random.permutation(k, n) for k in jax.random.split(key, epochs)])

    def body(w, inp):
        t, i = inp
        x = data[i]
        frac = t / total
        lr = 0.5 * (0.01 / 0.5) ** frac
        radius = 4.0 * (0.5 / 4.0) ** frac
        b = bmu(w, x)
        h = jnp.exp(-jnp.sum((coords - coords[b]) ** 2, -1) / (2 * radius**2))
        return w + lr * h[:, None] * (x - w), None

    w, _ = jax.lax.scan(body, w, (jnp.arange(total, dtype=jnp.float32), order))
    return w


def train_batch(w, data, iters=10):
    def body(i, w):
        radius = 3.0 * (0.5 / 3.0) ** (i / (iters - 1))
        b = jax.vmap(bmu, (None, 0))(w, data)
        h = jnp.exp(-jnp.sum((coords[:, None] - coords[None]) ** 2, -1) / (2 * radius**2))
        num = jax.ops.segment_sum(data, b, num_segments=GRID * GRID)
        cnt = jax.ops.segment_sum(jnp.ones(data.shape[0]), b, num_segments=GRID * GRID)
        return (h @ num) / (h @ cnt)[:, None]

    return jax.lax.fori_loop(0, iters, body, w)


def errors(w, data):
    d = jnp.sum((data[:, None] - w[None]) ** 2, -1)
    two = jnp.argsort(d, axis=1)[:, :2]
    qe = jnp.mean(jnp.sqrt(jnp.min(d, 1)))
    grid_d = jnp.max(jnp.abs(coords[two[:, 0]] - coords[two[:, 1]]), -1)
    te = jnp.mean(grid_d > 1)
    return qe, te


print("before", [round(float(e), 4) for e in errors(weights0, data)])
w_online = jax.jit(train_online, static_argnums=3)(weights0, data, jax.random.key(2), 5)
print("online", [round(float(e), 4) for e in errors(w_online, data)])
w_batch = jax.jit(train_batch)(weights0, data)
print("batch ", [round(float(e), 4) for e in errors(w_batch, data)])
grid = w_online.reshape(GRID, GRID, 3)
smooth = jnp.mean(jnp.abs(jnp.diff(grid, axis=0))) + jnp.mean(jnp.abs(jnp.diff(grid, axis=1)))
print("neighbour smoothness", round(float(smooth), 4), bool(smooth < 0.2))
hits = jnp.bincount(jax.vmap(bmu, (None, 0))(w_online, data), length=GRID * GRID)
print("hits", hits.reshape(GRID, GRID)[:2], int((hits == 0).sum()))
