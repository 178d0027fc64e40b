# A data-augmentation pipeline for image batches, each example with its own key by vmap: random
# crops by lax.dynamic_slice after padding, horizontal flips by jnp.where on a bernoulli draw,
# brightness / contrast jitter, rotation-free scale-and-translate with jax.image, cutout masks,
# mixup with random.beta mixing weights and permuted partners, cutmix boxes, and label mixing
# with one-hot targets; deterministic given the key, jitted, and shapes / statistics printed
import jax
import jax.numpy as jnp

B, H, W, C, NCLS = 8, 16, 16, 3, 4
key = jax.random.key(0)
kimg, klab, kaug = jax.random.split(key, 3)
images = jax.random.uniform(kimg, (B, H, W, C))
labels = jax.random.randint(klab, (B,), 0, NCLS)


def random_crop(key, img, pad=2):
    padded = jnp.pad(img, ((pad, pad), (pad, pad), (0, 0)), mode="reflect")
    ky, kx = jax.random.split(key)
    y = jax.random.randint(ky, (), 0, 2 * pad + 1)
    x = jax.random.randint(kx, (), 0, 2 * pad + 1)
    return jax.lax.dynamic_slice(padded, (y, x, 0), (H, W, C))


def random_flip(key, img):
    return jnp.where(jax.random.bernoulli(key), img[:, ::-1], img)


def color_jitter(key, img):
    kb, kc = jax.random.split(key)
    b = jax.random.uniform(kb, (), minval=-0.1, maxval=0.1)
    c = jax.random.uniform(kc, (), minval=0.8, maxval=1.2)
    mean = img.mean()
    return jnp.clip((img - mean) * c + mean + b, 0.0, 1.0)


def zoom(key, img):
    s = jax.random.uniform(key, (), minval=1.0, maxval=1.3)
    scale = jnp.array([s, s])
    translation = (1 - scale) * jnp.array([H, W]) / 2
    return jax.image.scale_and_translate(img, (H, W, C), (0, 1), scale, translation, "linear")


def cutout(key, img, size=4):
    ky, kx = jax.random.split(key)
    cy = jax.random.randint(ky, (), 0, H)
    cx = jax.random.randint(kx, (), 0, W)
    yy, xx = jnp.arange(H)[:, None], jnp.arange(W)[None, :]
    mask = (jnp.abs(yy - cy) < size // 2) & (jnp.abs(xx - cx) < size // 2)
    return jnp.where(mask[..., None], 0.0, img)


def augment_one(key, img):
    k = jax.random.split(key, 5)
    img = random_crop(k[0], img)
    img = random_flip(k[1], img)
    img = color_jitter(k[2], img)
    img = zoom(k[3], img)
    return cutout(k[4], img)


@jax.jit
def augment_batch(key, images, labels):
    kper, kmix, kperm = jax.random.split(key, 3)
    out = jax.vmap(augment_one)(jax.random.split(kper, B), images)
    lam = jax.random.beta(kmix, 0.4, 0.4, (B,))
    perm = jax.random.permutation(kperm, B)
    y = jax.nn.one_hot(labels, NCLS)
    mixed = lam[:, None, None, None] * out + (1 - lam[:, None, None, None]) * out[perm]
    ymix = lam[:, None] * y + (1 - lam[:, None]) * y[perm]
    return out, mixed, ymix, lam


out, mixed, ymix, lam = augment_batch(kaug, images, labels)
print(out.shape, mixed.dtype, ymix.shape, bool(jnp.allclose(ymix.sum(1), 1.0, atol=1e-6)))
print(bool(jnp.all((out >= 0) & (out <= 1.0 + 1e-6))), bool(jnp.all((lam >= 0) & (lam <= 1))))
again = augment_batch(kaug, images, labels)[0]
print(bool(jnp.array_equal(out, again)), bool(jnp.any(out != augment_batch(jax.random.key(9), images, labels)[0])))
print(f"{float(out.mean()):.4f}", f"{float(mixed.std()):.4f}", f"{float(lam.mean()):.4f}")
crop = random_crop(jax.random.key(1), images[0], pad=0)
print(bool(jnp.array_equal(crop, images[0])), random_flip(jax.random.key(2), images[0]).shape)
z = zoom(jax.random.key(3), images[0])
print(z.shape, z.dtype, f"{float(jnp.abs(z - images[0]).mean()):.4f}")


def cutmix(key, a, b):
    kl, ky, kx = jax.random.split(key, 3)
    lam = jax.random.uniform(kl)
    h = (H * jnp.sqrt(1 - lam)).astype(jnp.int32)
    y0 = jax.random.randint(ky, (), 0, H - h + 1)
    x0 = jax.random.randint(kx, (), 0, W - h + 1)
    yy, xx = jnp.arange(H)[:, None], jnp.arange(W)[None, :]
    box = (yy >= y0) & (yy < y0 + h) & (xx >= x0) & (xx < x0 + h)
    return jnp.where(box[..., None], b, a), 1.0 - box.mean()


cm, frac = jax.vmap(cutmix)(jax.random.split(jax.random.key(4), B), images, images[::-1])
print(cm.shape, frac.shape, bool(jnp.all((frac > 0) & (frac <= 1))))
