# Spectral normalisation (Miyato et al.) for a GAN discriminator: power iteration vectors kept as
# non-trainable state and updated under stop_gradient, sigma estimates compared with
# jnp.linalg.norm(ord=2) / svd, a hinge-loss GAN on a 1-D mixture trained with alternating
# updates, and the discriminator's Lipschitz constant checked by gradient norms on random points
import jax
import jax.numpy as jnp

key = jax.random.key(0)


def power_iteration(w, u, iters=1):
    for _ in range(iters):
        v = w.T @ u
        v = v / (jnp.linalg.norm(v) + 1e-12)
        u = w @ v
        u = u / (jnp.linalg.norm(u) + 1e-12)
    u, v = jax.lax.stop_gradient(u), jax.lax.stop_gradient(v)
    return u @ w @ v, u


w = jax.random.normal(key, (16, 8))
u = jax.random.normal(jax.random.key(1), (16,))
sigma_1, _ = power_iteration(w, u, 1)
sigma_50, _ = power_iteration(w, u, 50)
print(float(sigma_50), float(jnp.linalg.norm(w, 2)), float(jnp.linalg.svd(w, compute_uv=False)[0]))
print(bool(sigma_1 <= sigma_50 + 1e-4))


def init_mlp(key, sizes):
    ks = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (b, a)) / jnp.sqrt(a), jnp.zeros(b)) for k, a, b in zip(ks, sizes[:-1], sizes[1:])]


def disc(params, us, x):
    new_us = []
    h = x
    for i, ((w, b), u) in enumerate(zip(params, us)):
        sigma, u = power_iteration(w, u)
        new_us.append(u)
        h = h @ (w / sigma).T + b
        if i < len(params) - 1:
            h = jax.nn.leaky_relu(h, 0.2)
    return h[..., 0], new_us


def gen(params, z):
    h = z
    for i, (w, b) in enumerate(params):
        h = h @ w.T + b
        if i < len(params) - 1:
            h = jnp.tanh(h)
    return h


kd, kg, kx = jax.random.split(jax.random.key(2), 3)
dparams = init_mlp(kd, [1, 32, 32, 1])
gparams = init_mlp(kg, [2, 32, 1])
us = [jax.random.normal(jax.random.fold_in(kd, i), (w.shape[0],)) for i, (w, _) in enumerate(dparams)]


def real_batch(k, n=128):
    k1, k2 = jax.random.split(k)
    c = jnp.where(jax.random.bernoulli(k1, 0.5, (n,)), -2.0, 2.0)
    return (c + 0.3 * jax.random.normal(k2, (n,)))[:, None]


@jax.jit
def train_step(dparams, gparams, us, k):
    k1, k2 = jax.random.split(k)
    x = real_batch(k1)
    z = jax.random.normal(k2, (128, 2))

    def d_loss(dp):
        real, new_us = disc(dp, us, x)
        fake, _ = disc(dp, us, gen(gparams, z))
        return jnp.mean(jax.nn.relu(1 - real)) + jnp.mean(jax.nn.relu(1 + fake)), new_us

    (dl, new_us), dg = jax.value_and_grad(d_loss, has_aux=True)(dparams)
    dparams = jax.tree.map(lambda p, g: p - 0.01 * g, dparams, dg)
    g_loss = lambda gp: -jnp.mean(disc(dparams, new_us, gen(gp, z))[0])
    gl, gg = jax.value_and_grad(g_loss)(gparams)
    gparams = jax.tree.map(lambda p, g: p - 0.01 * g, gparams, gg)
    return dparams, gparams, new_us, dl, gl


for i in range(300):
    dparams, gparams, us, dl, gl = train_step(dparams, gparams, us, jax.random.fold_in(kx, i))
print(bool(jnp.isfinite(dl)), bool(jnp.isfinite(gl)))
pts = jax.random.normal(jax.random.key(5), (256, 1)) * 3
grads = jax.vmap(jax.grad(lambda x: disc(dparams, us, x[None])[0][0]))(pts)
print(float(jnp.abs(grads).max()) <= 1.2)
sigmas = [float(power_iteration(w, u, 20)[0]) for (w, _), u in zip(dparams, us)]
print(len(sigmas), all(s > 0 for s in sigmas))
samples = gen(gparams, jax.random.normal(jax.random.key(6), (1000, 2)))
print(samples.shape, float(jnp.abs(samples).mean()) > 0.5)
