# Masked-autoencoder (MAE) style pre-processing and loss: images cut into patches by reshape /
# transpose, a random 75% mask per image from argsort of uniform noise (ids_keep / ids_restore),
# the kept patches gathered with take_along_axis, a tiny linear encoder / decoder with mask tokens
# scattered back into place, the reconstruction loss on masked patches only with per-patch
# normalised targets, a few SGD steps, and patches folded back into images
import jax
import jax.numpy as jnp

B, S, P, C = 4, 16, 4, 3
NP = (S // P) ** 2
PD = P * P * C
key = jax.random.key(10)
yy, xx = jnp.mgrid[0:S, 0:S] / S
imgs = jnp.stack([jnp.sin(6 * xx + i) * jnp.cos(4 * yy - i) for i in range(B)])[..., None] * jnp.array([1.0, 0.5, -0.5])
print("images:", imgs.shape)


def patchify(x):
    b = x.shape[0]
    x = x.reshape(b, S // P, P, S // P, P, C).transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(b, NP, PD)


def unpatchify(p):
    b = p.shape[0]
    x = p.reshape(b, S // P, S // P, P, P, C).transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(b, S, S, C)


patches = patchify(imgs)
print("patches:", patches.shape, "round trip:", bool(jnp.array_equal(unpatchify(patches), imgs)))


def random_masking(key, x, ratio=0.75):
    b, n, d = x.shape
    keep = int(n * (1 - ratio))
    noise = jax.random.uniform(key, (b, n))
    ids_shuffle = jnp.argsort(noise, axis=1)
    ids_restore = jnp.argsort(ids_shuffle, axis=1)
    ids_keep = ids_shuffle[:, :keep]
    kept = jnp.take_along_axis(x, ids_keep[..., None], axis=1)
    mask = jnp.ones((b, n)).at[:, :keep].set(0.0)
    mask = jnp.take_along_axis(mask, ids_restore, axis=1)
    return kept, mask, ids_restore


kept, mask, ids_restore = random_masking(key, patches)
print("kept:", kept.shape, "mask per image:", mask.sum(1))
E = 24
k1, k2, k3 = jax.random.split(jax.random.key(1), 3)
params = {"enc": jax.random.normal(k1, (PD, E)) * 0.1, "dec": jax.random.normal(k2, (E, PD)) * 0.1, "mask_tok": jnp.zeros(E), "pos": jax.random.normal(k3, (NP, E)) * 0.02}


def forward(p, kept, ids_restore):
    b, keep, _ = kept.shape
    z = kept @ p["enc"]
    full = jnp.concatenate([z, jnp.broadcast_to(p["mask_tok"], (b, NP - keep, E))], axis=1)
    full = jnp.take_along_axis(full, ids_restore[..., None], axis=1) + p["pos"]
    return jnp.tanh(full) @ p["dec"]


def mae_loss(p, key, patches):
    kept, mask, ids_restore = random_masking(key, patches)
    pred = forward(p, kept, ids_restore)
    mean = patches.mean(-1, keepdims=True)
    var = patches.var(-1, keepdims=True)
    target = (patches - mean) / jnp.sqrt(var + 1e-6)
    per_patch = jnp.mean((pred - target) ** 2, -1)
    return jnp.sum(per_patch * mask) / jnp.sum(mask)


step = jax.jit(lambda p, k: jax.tree.map(lambda a, g: a - 0.2 * g, p, jax.grad(mae_loss)(p, k, patches)))
l0 = mae_loss(params, key, patches)
for i in range(200):
    params = step(params, jax.random.fold_in(key, i))
l1 = mae_loss(params, key, patches)
print("loss before / after:", round(float(l0), 3), round(float(l1), 3), "decreased:", bool(l1 < l0))
g = jax.grad(mae_loss)(params, key, patches)
print("mask token gets gradient:", bool(jnp.abs(g["mask_tok"]).sum() > 0))
pred = forward(params, kept, ids_restore)
recon = unpatchify(jnp.where(mask[..., None] > 0, pred, patches))
print("reconstruction:", recon.shape, "visible patches untouched:", bool(jnp.allclose(patchify(recon) * (1 - mask[..., None]), patches * (1 - mask[..., None]))))
