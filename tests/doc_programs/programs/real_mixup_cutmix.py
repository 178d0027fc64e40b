# Data augmentation for image classification the way training pipelines do it inside jit:
# mixup with Beta-distributed weights, CutMix with random boxes built from iota comparisons
# (no traced slice sizes), label smoothing, soft-target cross-entropy, the augmentation chosen
# per batch by lax.cond on a random draw, and a short training run of a tiny conv net
import jax
import jax.numpy as jnp

B, S, C, K = 16, 12, 1, 4
key = jax.random.key(89)
k_img, k_lbl, k_init = jax.random.split(key, 3)
labels = jnp.arange(B) % K
base = jnp.stack([jnp.zeros((S, S)).at[2 * k : 2 * k + 4, :].set(1.0) for k in range(K)])
images = (base[labels] + 0.3 * jax.random.normal(k_img, (B, S, S)))[..., None]


def smooth(onehot, eps=0.1):
    return onehot * (1 - eps) + eps / onehot.shape[-1]


def mixup(key, x, y, alpha=0.4):
    kl, kp = jax.random.split(key)
    lam = jax.random.beta(kl, alpha, alpha)
    perm = jax.random.permutation(kp, x.shape[0])
    return lam * x + (1 - lam) * x[perm], lam * y + (1 - lam) * y[perm], lam


def cutmix(key, x, y, alpha=1.0):
    kl, kp, kx, ky = jax.random.split(key, 4)
    lam = jax.random.beta(kl, alpha, alpha)
    perm = jax.random.permutation(kp, x.shape[0])
    cut = jnp.sqrt(1 - lam)
    h = (cut * S).astype(jnp.int32)
    cy, cx = jax.random.randint(ky, (), 0, S), jax.random.randint(kx, (), 0, S)
    y0, y1 = jnp.clip(cy - h // 2, 0, S), jnp.clip(cy + h // 2, 0, S)
    x0, x1 = jnp.clip(cx - h // 2, 0, S), jnp.clip(cx + h // 2, 0, S)
    rows = jnp.arange(S)[:, None]
    cols = jnp.arange(S)[None, :]
    box = (rows >= y0) & (rows < y1) & (cols >= x0) & (cols < x1)
    mixed = jnp.where(box[None, :, :, None], x[perm], x)
    lam_adj = 1 - box.sum() / (S * S)
    return mixed, lam_adj * y + (1 - lam_adj) * y[perm], lam_adj


y = smooth(jax.nn.one_hot(labels, K))
print("smoothed targets row:", jnp.round(y[0], 3), "sums:", bool(jnp.allclose(y.sum(1), 1.0)))
xm, ym, lam = jax.jit(mixup)(jax.random.key(1), images, y)
print("mixup lambda:", round(float(lam), 4), "targets sum to 1:", bool(jnp.allclose(ym.sum(1), 1.0, atol=1e-6)))
xc, yc, lam_c = jax.jit(cutmix)(jax.random.key(2), images, y)
changed = jnp.mean(jnp.any(xc != images, axis=-1))
print("cutmix area kept:", round(float(lam_c), 4), "pixels changed:", round(float(changed), 4))


def init(key):
    k1, k2 = jax.random.split(key)
    return {"conv": jax.random.normal(k1, (3, 3, C, 8)) * 0.3, "dense": jax.random.normal(k2, (S * 8, K)) * 0.1}


def apply(p, x):
    h = jax.lax.conv_general_dilated(x, p["conv"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    h = jax.nn.relu(h).mean(axis=2)  # pooled over columns: the stripes are rows
    return h.reshape(x.shape[0], -1) @ p["dense"]


def soft_xent(p, x, t):
    return -jnp.mean(jnp.sum(t * jax.nn.log_softmax(apply(p, x)), axis=-1))


@jax.jit
def step(p, key):
    kc, ka = jax.random.split(key)
    use_cutmix = jax.random.bernoulli(kc, 0.5)
    x, t, _ = jax.lax.cond(use_cutmix, cutmix, mixup, ka, images, y)
    loss, g = jax.value_and_grad(soft_xent)(p, x, t)
    return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), loss, use_cutmix


p = init(k_init)
n_cut = 0
for i, k in enumerate(jax.random.split(jax.random.key(3), 120)):
    p, loss, used = step(p, k)
    n_cut += int(used)
    if i % 40 == 0:
        print(f"step {i}: loss {float(loss):.4f} cutmix={bool(used)}")
print("cutmix used in", n_cut, "of 120 steps")
print("clean accuracy:", float(jnp.mean(jnp.argmax(apply(p, images), 1) == labels)))
print("clean loss with smoothed targets:", round(float(soft_xent(p, images, y)), 4))
