# A tiny NeRF-style volume renderer: camera rays from a pinhole model, stratified samples along
# each ray with random.uniform jitter, sinusoidal positional encoding, an MLP giving density and
# colour, alpha compositing by exclusive cumprod (transmittance), depth and opacity maps,
# importance resampling by inverse-CDF with searchsorted, rays in chunks by lax.map, and a few
# Adam-free SGD steps fitting an analytic sphere scene
import jax
import jax.numpy as jnp

H = W = 6
N_SAMPLES, N_FREQ, NEAR, FAR = 16, 4, 2.0, 6.0


def camera_rays(focal=5.0):
    i, j = jnp.meshgrid(jnp.arange(W, dtype=jnp.float32), jnp.arange(H, dtype=jnp.float32), indexing="xy")
    dirs = jnp.stack([(i - W / 2) / focal, -(j - H / 2) / focal, -jnp.ones_like(i)], -1)
    origins = jnp.broadcast_to(jnp.array([0.0, 0.0, 4.0]), dirs.shape)
    return origins.reshape(-1, 3), dirs.reshape(-1, 3)


def encode(x):
    freqs = 2.0 ** jnp.arange(N_FREQ)
    angles = x[..., None] * freqs
    return jnp.concatenate([x, jnp.sin(angles).reshape(*x.shape[:-1], -1), jnp.cos(angles).reshape(*x.shape[:-1], -1)], -1)


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def field(params, pts):
    h = encode(pts)
    for w, b in params[:-1]:
        h = jax.nn.relu(h @ w + b)
    out = h @ params[-1][0] + params[-1][1]
    return jax.nn.softplus(out[..., 0]), jax.nn.sigmoid(out[..., 1:])


def composite(sigma, rgb, t):
    delta = jnp.concatenate([jnp.diff(t, axis=-1), jnp.full(t.shape[:-1] + (1,), 1e10)], -1)
    alpha = 1.0 - jnp.exp(-sigma * delta)
    trans = jnp.cumprod(jnp.concatenate([jnp.ones_like(alpha[..., :1]), 1.0 - alpha[..., :-1] + 1e-10], -1), -1)
    w = alpha * trans
    return jnp.sum(w[..., None] * rgb, -2), jnp.sum(w * t, -1), jnp.sum(w, -1), w


def render(params, key, o, d):
    t = jnp.linspace(NEAR, FAR, N_SAMPLES)
    t = t + jax.random.uniform(key, o.shape[:-1] + (N_SAMPLES,)) * (FAR - NEAR) / N_SAMPLES
    pts = o[..., None, :] + d[..., None, :] * t[..., None]
    sigma, rgb = field(params, pts)
    return composite(sigma, rgb, t)


def sample_pdf(key, bins, weights, n):
    pdf = (weights + 1e-5) / jnp.sum(weights + 1e-5, -1, keepdims=True)
    cdf = jnp.concatenate([jnp.zeros_like(pdf[..., :1]), jnp.cumsum(pdf, -1)], -1)
    u = jax.random.uniform(key, pdf.shape[:-1] + (n,))
    idx = jax.vmap(jnp.searchsorted)(cdf, u)
    lo, hi = jnp.maximum(idx - 1, 0), jnp.minimum(idx, bins.shape[-1] - 1)
    c_lo, c_hi = jnp.take_along_axis(cdf, lo, -1), jnp.take_along_axis(cdf, hi, -1)
    b_lo, b_hi = jnp.take_along_axis(bins, lo, -1), jnp.take_along_axis(bins, hi, -1)
    frac = jnp.where(c_hi > c_lo, (u - c_lo) / (c_hi - c_lo + 1e-10), 0.0)
    return b_lo + frac * (b_hi - b_lo)


o, d = camera_rays()
# ground truth: a unit sphere at the origin, red, opaque
def sphere_target(o, d):
    b = jnp.sum(o * d, -1)
    c = jnp.sum(o * o, -1) - 1.0
    disc = b**2 - jnp.sum(d * d, -1) * c
    return (disc > 0).astype(jnp.float32)


target = sphere_target(o, d)
params = init_mlp(jax.random.key(0), [3 + 6 * N_FREQ, 32, 32, 4])
print(o.shape, encode(o).shape, int(target.sum()))
rgb, depth, acc, w = render(params, jax.random.key(1), o, d)
print(rgb.shape, depth.shape, acc.shape, w.shape, bool(jnp.all((acc >= 0) & (acc <= 1 + 1e-5))))


def loss_fn(params, key):
    rgb, _, acc, _ = render(params, key, o, d)
    return jnp.mean((acc - target) ** 2) + jnp.mean((rgb[:, 0] * acc - target) ** 2)


step = jax.jit(lambda p, k: jax.tree.map(lambda a, g: a - 0.05 * g, p, jax.grad(loss_fn)(p, k)))
first = float(loss_fn(params, jax.random.key(2)))
for i in range(60):
    params = step(params, jax.random.fold_in(jax.random.key(3), i))
last = float(loss_fn(params, jax.random.key(2)))
print(f"{first:.4f}", f"{last:.4f}", last < first)
chunks = jax.lax.map(lambda od: render(params, jax.random.key(4), od[0], od[1])[2], (o.reshape(4, -1, 3), d.reshape(4, -1, 3)))
print(chunks.shape, bool(jnp.all((chunks >= 0) & (chunks <= 1 + 1e-5))))
t_coarse = jnp.broadcast_to(jnp.linspace(NEAR, FAR, N_SAMPLES), (o.shape[0], N_SAMPLES))
t_fine = sample_pdf(jax.random.key(5), t_coarse, w, 8)
print(t_fine.shape, bool(jnp.all((t_fine >= NEAR) & (t_fine <= FAR + 1e-4))))
print(bool(jnp.all(jnp.diff(jnp.sort(t_fine, axis=-1), axis=-1) >= 0)), t_fine.dtype)
