# Stochastic weight averaging with a cyclic learning rate: a small classifier trained on noisy
# minibatches (random.permutation per epoch), the learning rate from a cosine cycle, weights
# averaged at the end of each cycle with a running tree.map mean, batch-norm-free so the
# averaged model is usable directly, and the losses / accuracies of the last iterate vs the
# SWA average and of a uniform "model soup" of the cycle snapshots
import jax
import jax.numpy as jnp

N, D, C, B = 512, 10, 3, 64
kx, kl, kp = jax.random.split(jax.random.key(67), 3)
centers = jax.random.normal(kl, (C, D))
y = jnp.arange(N) % C
X = centers[y] + 1.2 * jax.random.normal(kx, (N, D))
X_test = centers[jnp.arange(300) % C] + 1.2 * jax.random.normal(jax.random.key(1), (300, D))
y_test = jnp.arange(300) % C


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (D, 64)) * 0.3, "b1": jnp.zeros(64), "w2": jax.random.normal(k2, (64, C)) * 0.3, "b2": jnp.zeros(C)}


def logits(p, x):
    return jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]


def loss_fn(p, x, y):
    return -jnp.mean(jax.nn.log_softmax(logits(p, x))[jnp.arange(x.shape[0]), y])


def metrics(p):
    return float(loss_fn(p, X_test, y_test)), float(jnp.mean(jnp.argmax(logits(p, X_test), 1) == y_test))


CYCLE, LR_MAX, LR_MIN = 40, 0.5, 0.01


def lr_at(step):
    t = (step % CYCLE) / CYCLE
    return LR_MIN + 0.5 * (LR_MAX - LR_MIN) * (1 + jnp.cos(jnp.pi * t))


@jax.jit
def epoch(p, key, step0):
    perm = jax.random.permutation(key, N)

    def body(carry, i):
        p, step = carry
        idx = jax.lax.dynamic_slice_in_dim(perm, i * B, B)
        g = jax.grad(loss_fn)(p, X[idx], y[idx])
        lr = lr_at(step)
        return (jax.tree.map(lambda a, b: a - lr * b, p, g), step + 1), lr

    (p, step), lrs = jax.lax.scan(body, (p, step0), jnp.arange(N // B))
    return p, step, lrs


p = init(kp)
swa, n_avg, snapshots, step = None, 0, [], 0
for e, key in enumerate(jax.random.split(jax.random.key(2), 25)):
    p, step, lrs = epoch(p, key, step)
    if int(step) % CYCLE == 0:
        snapshots.append(p)
        n_avg += 1
        swa = p if swa is None else jax.tree.map(lambda a, b: a + (b - a) / n_avg, swa, p)
    if e % 5 == 0:
        print(f"epoch {e:2d}: lr range [{float(lrs.min()):.3f}, {float(lrs.max()):.3f}] test {metrics(p)}")
print("snapshots averaged:", n_avg)
soup = jax.tree.map(lambda *xs: sum(xs) / len(xs), *snapshots)
print("SWA equals the uniform soup:", jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-5)), swa, soup)))
last_loss, last_acc = metrics(p)
swa_loss, swa_acc = metrics(swa)
print(f"last iterate: loss {last_loss:.4f} acc {last_acc:.3f}")
print(f"SWA average:  loss {swa_loss:.4f} acc {swa_acc:.3f}")
dist = jnp.sqrt(sum(jnp.sum((a - b) ** 2) for a, b in zip(jax.tree.leaves(swa), jax.tree.leaves(p))))
print("distance from SWA to last iterate:", round(float(dist), 3))
