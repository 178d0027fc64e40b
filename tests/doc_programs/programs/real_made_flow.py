# A masked autoregressive flow: MADE layers with degree-based masks built in NumPy, affine
# autoregressive transforms whose log-det is a sum of log-scales, permutations between layers,
# the density trained by maximum likelihood on a two-moons-like set, sampling by the sequential
# inverse in a fori_loop, and the autoregressive property checked through the Jacobian
import jax
import jax.numpy as jnp
import numpy as np

D, H, LAYERS = 2, 32, 4


def made_masks(d, h):
    deg_in = np.arange(1, d + 1)
    deg_h = (np.arange(h) % max(d - 1, 1)) + 1
    m1 = (deg_h[None, :] >= deg_in[:, None]).astype(np.float32)
    m2 = (deg_in[None, :] > deg_h[:, None]).astype(np.float32)
    return jnp.asarray(m1), jnp.asarray(m2)


M1, M2 = made_masks(D, H)
print(M1.shape, M2.shape, M2.sum(0))


def init(key):
    layers = []
    for k in jax.random.split(key, LAYERS):
        k1, k2 = jax.random.split(k)
        layers.append({"w1": jax.random.normal(k1, (D, H)) * 0.3, "b1": jnp.zeros(H),
                       "w2": jax.random.normal(k2, (H, 2 * D)) * 0.01, "b2": jnp.zeros(2 * D)})
    return layers


def made(p, x):
    h = jax.nn.relu(x @ (p["w1"] * M1) + p["b1"])
    out = h @ (p["w2"] * jnp.tile(M2, (1, 2))) + p["b2"]
    mu, log_s = jnp.split(out, 2, -1)
    return mu, jnp.tanh(log_s)


def forward(params, x):
    logdet = jnp.zeros(x.shape[:-1])
    for p in params:
        mu, log_s = made(p, x)
        x = (x - mu) * jnp.exp(-log_s)
        logdet = logdet - log_s.sum(-1)
        x = x[..., ::-1]
    return x, logdet


def log_prob(params, x):
    z, logdet = forward(params, x)
    return jax.scipy.stats.norm.logpdf(z).sum(-1) + logdet


def inverse(params, z):
    for p in reversed(params):
        z = z[..., ::-1]

        def body(i, x):
            mu, log_s = made(p, x)
            return x.at[..., i].set(z[..., i] * jnp.exp(log_s[..., i]) + mu[..., i])

        z = jax.lax.fori_loop(0, D, body, jnp.zeros_like(z))
    return z


def moons(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    t = jax.random.uniform(k1, (n,)) * jnp.pi
    upper = jax.random.bernoulli(k2, 0.5, (n,))
    x = jnp.where(upper, jnp.cos(t), 1 - jnp.cos(t))
    y = jnp.where(upper, jnp.sin(t), 0.5 - jnp.sin(t))
    return jnp.stack([x, y], -1) + 0.08 * jax.random.normal(k3, (n, 2))


params = init(jax.random.key(0))
data = moons(jax.random.key(1), 512)
x_back = inverse(params, forward(params, data[:5])[0])
print("inverse ok", float(jnp.max(jnp.abs(x_back - data[:5]))) < 1e-4)
jac = jax.jacfwd(lambda x: made(params[0], x)[0])(data[0])
print("autoregressive", jnp.round(jnp.abs(jac), 4).tolist()[0][1] == 0.0, bool(jnp.all(jnp.triu(jac) == 0)))

m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)


@jax.jit
def step(params, m, v, t, key):
    x = moons(key, 256)
    loss, g = jax.value_and_grad(lambda p: -jnp.mean(log_prob(p, x)))(params)
    m = jax.tree.map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
    v = jax.tree.map(lambda a, b: 0.999 * a + 0.001 * b * b, v, g)
    params = jax.tree.map(lambda p, a, b: p - 5e-3 * (a / (1 - 0.9**t)) / (jnp.sqrt(b / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, m, v, loss


for t in range(1, 301):
    params, m, v, loss = step(params, m, v, t, jax.random.fold_in(jax.random.key(2), t))
    if t % 100 == 0:
        print(t, round(float(loss), 4))
print("test nll", round(float(-jnp.mean(log_prob(params, moons(jax.random.key(9), 1000)))), 4))
samples = jax.jit(inverse)(params, jax.random.normal(jax.random.key(3), (1000, 2)))
print(samples.shape, jnp.round(samples.mean(0), 2), jnp.round(samples.std(0), 2))
