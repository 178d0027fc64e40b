# A conditional VAE on synthetic 8x8 "digits" (class-dependent stroke patterns plus noise):
# encoder and decoder conditioned on one-hot labels, the reparameterisation trick with
# per-step keys, a beta-weighted KL warmup, Bernoulli likelihood by sigmoid_binary_cross_entropy
# written out, class-conditional generation and an ELBO estimate by importance sampling
import jax
import jax.numpy as jnp
import numpy as np

C, Z, PIX = 4, 3, 64
rng = np.random.default_rng(0)
protos = (rng.uniform(size=(C, PIX)) > 0.6).astype(np.float32)
labels = rng.integers(0, C, 400)
flip = rng.uniform(size=(400, PIX)) < 0.08
X = jnp.asarray(np.abs(protos[labels] - flip), jnp.float32)
Yoh = jax.nn.one_hot(jnp.asarray(labels), C)


def dense(key, a, b):
    return {"w": jax.random.normal(key, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}


def init(key):
    ks = jax.random.split(key, 4)
    return {"enc": dense(ks[0], PIX + C, 32), "mu": dense(ks[1], 32, Z), "lv": dense(ks[2], 32, Z),
            "dec1": dense(ks[3], Z + C, 32), "dec2": dense(jax.random.fold_in(key, 9), 32, PIX)}


def apply(l, x):
    return x @ l["w"] + l["b"]


def encode(p, x, y):
    h = jax.nn.relu(apply(p["enc"], jnp.concatenate([x, y], -1)))
    return apply(p["mu"], h), apply(p["lv"], h)


def decode(p, z, y):
    return apply(p["dec2"], jax.nn.relu(apply(p["dec1"], jnp.concatenate([z, y], -1))))


def bce_logits(logits, x):
    return jnp.sum(jax.nn.softplus(logits) - x * logits, -1)


def elbo_terms(p, x, y, key):
    mu, lv = encode(p, x, y)
    z = mu + jnp.exp(0.5 * lv) * jax.random.normal(key, mu.shape)
    rec = bce_logits(decode(p, z, y), x)
    kl = 0.5 * jnp.sum(jnp.exp(lv) + mu**2 - 1 - lv, -1)
    return rec, kl


@jax.jit
def step(p, key, beta):
    def loss(p):
        rec, kl = elbo_terms(p, X, Yoh, key)
        return jnp.mean(rec + beta * kl), (rec.mean(), kl.mean())

    (l, aux), g = jax.value_and_grad(loss, has_aux=True)(p)
    return jax.tree.map(lambda a, b: a - 0.05 * b, p, g), l, aux


p = init(jax.random.key(0))
for i in range(300):
    beta = min(1.0, i / 100)
    p, l, (rec, kl) = step(p, jax.random.fold_in(jax.random.key(1), i), beta)
    if i % 75 == 0:
        print(i, "beta", beta, "loss", round(float(l), 3), "rec", round(float(rec), 3), "kl", round(float(kl), 3))


def iw_elbo(p, x, y, key, k=16):
    mu, lv = encode(p, x, y)
    eps = jax.random.normal(key, (k,) + mu.shape)
    z = mu + jnp.exp(0.5 * lv) * eps
    log_px = -bce_logits(decode(p, z, jnp.broadcast_to(y, (k,) + y.shape)), x)
    log_pz = jax.scipy.stats.norm.logpdf(z).sum(-1)
    log_qz = jax.scipy.stats.norm.logpdf(z, mu, jnp.exp(0.5 * lv)).sum(-1)
    return jnp.mean(jax.scipy.special.logsumexp(log_px + log_pz - log_qz, 0) - jnp.log(k))


print("iw-elbo", round(float(iw_elbo(p, X[:100], Yoh[:100], jax.random.key(2))), 3))
zs = jax.random.normal(jax.random.key(3), (C, 50, Z))
gen = jax.nn.sigmoid(jax.vmap(lambda z, c: decode(p, z, jnp.broadcast_to(jax.nn.one_hot(c, C), (50, C))))(zs, jnp.arange(C)))
match = jnp.mean((gen > 0.5) == protos[:, None, :], axis=(1, 2))
print(gen.shape, "prototype match", jnp.round(match, 2), bool(jnp.all(match > 0.8)))
