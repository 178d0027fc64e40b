# BYOL self-supervised learning: two augmented views of a batch (random crops of 1D signals
# and additive noise from split keys), an online encoder + projector + predictor, a target
# network updated as an exponential moving average, the symmetric normalised-MSE loss with
# stop_gradient on the target branch, and a linear probe's accuracy on the learned features
import jax
import jax.numpy as jnp

key = jax.random.key(12)
N, L, CROP = 128, 32, 24
k_cls, k_phase, k_noise = jax.random.split(key, 3)
labels = jax.random.randint(k_cls, (N,), 0, 3)
freqs = jnp.array([1.0, 2.0, 3.0])[labels]
t = jnp.linspace(0, 2 * jnp.pi, L)
X = jnp.sin(freqs[:, None] * t[None] + jax.random.uniform(k_phase, (N, 1)) * 6.28)
X = X + 0.1 * jax.random.normal(k_noise, X.shape)


def augment(key, x):
    k1, k2 = jax.random.split(key)
    start = jax.random.randint(k1, (x.shape[0],), 0, L - CROP + 1)
    crop = jax.vmap(lambda r, s: jax.lax.dynamic_slice(r, (s,), (CROP,)))(x, start)
    return crop + 0.1 * jax.random.normal(k2, crop.shape)


def dense(key, a, b):
    return {"w": jax.random.normal(key, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}


def apply(p, x):
    return x @ p["w"] + p["b"]


def init(key):
    ks = jax.random.split(key, 4)
    return {"enc": dense(ks[0], CROP, 32), "proj": dense(ks[1], 32, 16), "pred": dense(ks[2], 16, 16)}


def encode(p, x):
    return jax.nn.relu(apply(p["enc"], x))


def project(p, x):
    return apply(p["proj"], encode(p, x))


def norm_mse(a, b):
    a = a / jnp.linalg.norm(a, axis=-1, keepdims=True)
    b = b / jnp.linalg.norm(b, axis=-1, keepdims=True)
    return jnp.mean(jnp.sum((a - b) ** 2, -1))


def loss(online, target, v1, v2):
    p1 = apply(online["pred"], project(online, v1))
    p2 = apply(online["pred"], project(online, v2))
    z1 = jax.lax.stop_gradient(project(target, v1))
    z2 = jax.lax.stop_gradient(project(target, v2))
    return norm_mse(p1, z2) + norm_mse(p2, z1)


@jax.jit
def step(online, target, key, tau=0.99, lr=0.05):
    k1, k2 = jax.random.split(key)
    v1, v2 = augment(k1, X), augment(k2, X)
    l, g = jax.value_and_grad(loss)(online, target, v1, v2)
    online = jax.tree.map(lambda p, g: p - lr * g, online, g)
    target = jax.tree.map(lambda t, o: tau * t + (1 - tau) * o, target, online)
    return online, target, l


online = init(jax.random.key(0))
target = jax.tree.map(jnp.copy, online)
for i, k in enumerate(jax.random.split(jax.random.key(1), 200)):
    online, target, l = step(online, target, k)
    if i % 50 == 49:
        print(f"step {i + 1} byol loss {float(l):.4f}")
feats = encode(online, X[:, :CROP])
Y = jax.nn.one_hot(labels, 3)
W = jnp.linalg.solve(feats.T @ feats + 0.1 * jnp.eye(32), feats.T @ Y)
acc = jnp.mean(jnp.argmax(feats @ W, 1) == labels)
print("linear probe accuracy %.3f" % float(acc))
print("target keys", sorted(target), "pred shape", target["pred"]["w"].shape)
print("online-target gap %.4f" % float(sum(jnp.sum((a - b) ** 2) for a, b in zip(jax.tree.leaves(online), jax.tree.leaves(target)))))
