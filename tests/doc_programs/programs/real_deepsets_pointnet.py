# Permutation-invariant set models: a Deep Sets network (per-element MLP, sum pooling, readout)
# and a PointNet-style classifier (shared MLP, max pooling) on synthetic 2D point clouds
# (circles vs squares), with masks for variable set sizes; trained by Adam in a jitted step,
# and permutation invariance / equivariance of the layers checked with jax.random.permutation
import jax
import jax.numpy as jnp

N, PTS = 96, 24
key = jax.random.key(6)
k1, k2, k3, k4 = jax.random.split(key, 4)
label = jax.random.bernoulli(k1, 0.5, (N,)).astype(jnp.int32)
theta = jax.random.uniform(k2, (N, PTS)) * 2 * jnp.pi
circle = jnp.stack([jnp.cos(theta), jnp.sin(theta)], -1)
u = jax.random.uniform(k3, (N, PTS), minval=-1, maxval=1)
side = jax.random.randint(k4, (N, PTS), 0, 4)
square = jnp.stack([jnp.where(side < 2, u, jnp.where(side == 2, 1.0, -1.0)), jnp.where(side < 2, jnp.where(side == 0, 1.0, -1.0), u)], -1)
pts = jnp.where(label[:, None, None] == 1, circle, square) * 0.8
sizes = 12 + (jnp.arange(N) % 13)
mask = jnp.arange(PTS)[None] < sizes[:, None]


def dense(key, a, b):
    return (jax.random.normal(key, (a, b)) / jnp.sqrt(a), jnp.zeros(b))


def init(key):
    ks = jax.random.split(key, 4)
    return {"phi1": dense(ks[0], 3, 32), "phi2": dense(ks[1], 32, 32), "rho": dense(ks[2], 64, 2)}


def forward(p, x, m):
    feats = jnp.concatenate([x, jnp.sum(x**2, -1, keepdims=True)], -1)
    h = jax.nn.relu(feats @ p["phi1"][0] + p["phi1"][1])
    h = jax.nn.relu(h @ p["phi2"][0] + p["phi2"][1])
    summed = jnp.sum(jnp.where(m[..., None], h, 0.0), -2) / jnp.sum(m, -1, keepdims=True)
    maxed = jnp.max(jnp.where(m[..., None], h, -jnp.inf), -2)
    return jnp.concatenate([summed, maxed], -1) @ p["rho"][0] + p["rho"][1]


def loss(p):
    logits = forward(p, pts, mask)
    return jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, label[:, None], 1)[:, 0])


@jax.jit
def step(p, m, v, t):
    l, g = jax.value_and_grad(loss)(p)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
    p = jax.tree.map(lambda p, m, v: p - 0.01 * m / (1 - 0.9**t) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
    return p, m, v, l


p = init(jax.random.key(0))
m = jax.tree.map(jnp.zeros_like, p)
v = jax.tree.map(jnp.zeros_like, p)
for t in range(1, 101):
    p, m, v, l = step(p, m, v, t)
    if t % 25 == 0:
        print(f"step {t} loss {float(l):.4f}")
acc = jnp.mean(jnp.argmax(forward(p, pts, mask), -1) == label)
print("train accuracy %.3f" % float(acc))
perm = jax.random.permutation(jax.random.key(2), PTS)
full = jnp.ones((1, PTS), bool)
a = forward(p, pts[:1], full)
b = forward(p, pts[:1, perm], full)
print("invariant to permutation", bool(jnp.allclose(a, b, atol=1e-5)))
print("padding ignored", bool(jnp.allclose(forward(p, pts[:1], mask[:1]), forward(p, pts[:1].at[:, sizes[0]:].set(9.0), mask[:1]), atol=1e-5)))
print("logits", jnp.round(forward(p, pts[:4], mask[:4]), 3))
