# Learning a score function s(x) ~ grad log p(x) of a 2-D mixture by sliced score matching:
# the trace of the score's Jacobian estimated with random projections through jax.jvp
# (v^T J v), compared against the exact Jacobian trace by jacfwd, denoising score matching as a
# second objective, training with Adam, and annealed Langevin sampling from the learned score
import jax
import jax.numpy as jnp

key = jax.random.key(97)
k_data, k_init, k_train, k_sample = jax.random.split(key, 4)
means = jnp.array([[-2.0, 0.0], [2.0, 0.0], [0.0, 2.5]])
comp = jax.random.randint(k_data, (1024,), 0, 3)
data = means[comp] + 0.4 * jax.random.normal(jax.random.fold_in(k_data, 1), (1024, 2))


def init(key):
    ks = jax.random.split(key, 3)
    dims = [(2, 64), (64, 64), (64, 2)]
    return [(jax.random.normal(k, d) * jnp.sqrt(1.0 / d[0]), jnp.zeros(d[1])) for k, d in zip(ks, dims)]


def score(params, x):
    h = x
    for w, b in params[:-1]:
        h = jax.nn.softplus(h @ w + b)
    w, b = params[-1]
    return h @ w + b


def ssm_loss(params, x, key):
    v = jax.random.normal(key, x.shape)

    def one(xi, vi):
        s, jv = jax.jvp(lambda z: score(params, z), (xi,), (vi,))
        return vi @ jv + 0.5 * (s @ s)

    return jnp.mean(jax.vmap(one)(x, v))


def exact_sm_loss(params, x):
    def one(xi):
        J = jax.jacfwd(lambda z: score(params, z))(xi)
        s = score(params, xi)
        return jnp.trace(J) + 0.5 * (s @ s)

    return jnp.mean(jax.vmap(one)(x))


def dsm_loss(params, x, key, sigma=0.3):
    noise = jax.random.normal(key, x.shape)
    s = jax.vmap(lambda z: score(params, z))(x + sigma * noise)
    return jnp.mean(jnp.sum((s + noise / sigma) ** 2, axis=1)) * sigma**2 / 2


params = init(k_init)
est = jnp.mean(jnp.stack([ssm_loss(params, data[:256], k) for k in jax.random.split(k_train, 32)]))
print("sliced estimate:", round(float(est), 3), "exact:", round(float(exact_sm_loss(params, data[:256])), 3))


def adam(loss_fn):
    @jax.jit
    def step(params, m, v, t, key):
        loss, g = jax.value_and_grad(loss_fn)(params, data, key)
        m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
        v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
        params = jax.tree.map(lambda p, m, v: p - 3e-3 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
        return params, m, v, loss
    return step


for name, loss_fn in (("sliced", ssm_loss), ("denoising", dsm_loss)):
    p = init(k_init)
    step = adam(loss_fn)
    m = jax.tree.map(jnp.zeros_like, p)
    v = jax.tree.map(jnp.zeros_like, p)
    for t, k in enumerate(jax.random.split(k_train, 400), start=1):
        p, m, v, loss = step(p, m, v, t, k)
    print(f"{name}: final loss {float(loss):.4f} exact SM objective {float(exact_sm_loss(p, data[:256])):.4f}")
    trained = p

sigmas = jnp.geomspace(1.0, 0.05, 8)


@jax.jit
def langevin(params, key, n=500, steps=30):
    x = jax.random.normal(key, (n, 2)) * 3

    def level(x, args):
        sigma, k = args

        def inner(x, kk):
            eps = 0.1 * sigma**2
            s = jax.vmap(lambda z: score(params, z))(x)
            return x + eps * s + jnp.sqrt(2 * eps) * jax.random.normal(kk, x.shape), None

        return jax.lax.scan(inner, x, jax.random.split(k, steps))[0], None

    return jax.lax.scan(level, x, (sigmas, jax.random.split(key, len(sigmas))))[0]


samples = langevin(trained, k_sample)
nearest = jnp.argmin(jnp.sum((samples[:, None] - means[None]) ** 2, -1), axis=1)
print("samples per mode:", jnp.bincount(nearest, length=3))
print("sample mean:", jnp.round(samples.mean(0), 2), "data mean:", jnp.round(data.mean(0), 2))
