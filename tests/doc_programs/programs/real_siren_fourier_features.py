# Coordinate networks fitting an image: random Fourier feature embeddings (Tancik et al.) with
# different scales and a SIREN (sine activations with its special initialisation, omega_0 = 30),
# trained full-batch with Adam on a synthetic 32x32 image, PSNR compared, super-resolution by
# querying a denser grid, and image gradients from jax.jacfwd of the network w.r.t. coordinates
import jax
import jax.numpy as jnp
import numpy as np

R = 32
lin = jnp.linspace(-1, 1, R)
grid = jnp.stack(jnp.meshgrid(lin, lin, indexing="ij"), -1).reshape(-1, 2)
img = (jnp.sin(6 * grid[:, 0]) * jnp.cos(4 * grid[:, 1]) + (jnp.linalg.norm(grid, axis=1) < 0.5)).reshape(-1, 1)


def mlp_init(key, sizes, first_scale=None, siren=False):
    ks = jax.random.split(key, len(sizes) - 1)
    params = []
    for i, (k, a, b) in enumerate(zip(ks, sizes[:-1], sizes[1:])):
        if siren:
            bound = 1 / a if i == 0 else np.sqrt(6 / a) / 30
            w = jax.random.uniform(k, (a, b), minval=-bound, maxval=bound)
        else:
            w = jax.random.normal(k, (a, b)) * np.sqrt(2 / a)
        params.append((w, jnp.zeros(b)))
    return params


def ff_net(params, B, x):
    h = jnp.concatenate([jnp.sin(2 * jnp.pi * x @ B), jnp.cos(2 * jnp.pi * x @ B)], -1)
    for w, b in params[:-1]:
        h = jax.nn.relu(h @ w + b)
    w, b = params[-1]
    return h @ w + b


def siren(params, x):
    h = x
    for w, b in params[:-1]:
        h = jnp.sin(30.0 * (h @ w + b))
    w, b = params[-1]
    return h @ w + b


def train(apply, params, steps=300, lr=1e-3):
    def loss(p):
        return jnp.mean((apply(p, grid) - img) ** 2)

    @jax.jit
    def step(carry, t):
        p, m, v = carry
        g = jax.grad(loss)(p)
        m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
        v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
        p = jax.tree.map(lambda p, m, v: p - lr * m / (1 - 0.9**t) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
        return (p, m, v), loss(p)

    zeros = jax.tree.map(jnp.zeros_like, params)
    (params, _, _), losses = jax.lax.scan(step, (params, zeros, zeros), jnp.arange(1, steps + 1, dtype=jnp.float32))
    return params, -10 * jnp.log10(losses)


psnrs = {}
for scale in (1.0, 10.0):
    B = jax.random.normal(jax.random.key(1), (2, 32)) * scale
    p = mlp_init(jax.random.key(2), [64, 64, 64, 1])
    p, curve = train(lambda p, x: ff_net(p, B, x), p)
    psnrs[f"ff{scale:g}"] = float(curve[-1])
ps = mlp_init(jax.random.key(3), [2, 64, 64, 1], siren=True)
ps, curve = train(siren, ps, lr=1e-4)
psnrs["siren"] = float(curve[-1])
print(sorted(psnrs), psnrs["ff10"] > psnrs["ff1"], psnrs["siren"] > 20)
fine = jnp.stack(jnp.meshgrid(jnp.linspace(-1, 1, 64), jnp.linspace(-1, 1, 64), indexing="ij"), -1).reshape(-1, 2)
up = siren(ps, fine).reshape(64, 64)
print(up.shape, float(jnp.abs(up[::2, ::2][:4, :4] - siren(ps, fine.reshape(64, 64, 2)[::2, ::2].reshape(-1, 2)).reshape(32, 32)[:4, :4]).max()) < 1e-5)
grads = jax.vmap(jax.jacfwd(lambda x: siren(ps, x[None])[0, 0]))(grid[:5])
print(grads.shape, bool(jnp.all(jnp.isfinite(grads))))
