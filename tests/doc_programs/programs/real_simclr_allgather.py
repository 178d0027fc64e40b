# SimCLR's NT-Xent loss across data-parallel devices: two augmented views per example encoded on
# each of 8 shards, embeddings normalised and all_gather'ed (tiled) so every device scores its
# local views against the global batch, positives located by axis_index offsets, the loss
# pmean'd, and the sharded loss / gradients compared with the single-device loss on the full batch
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("dp",))
NDEV, B_LOCAL, D_IN, D_OUT, TAU = 8, 4, 10, 6, 0.5
B = NDEV * B_LOCAL


def augment(key, x):
    k1, k2 = jax.random.split(key)
    return x * (1 + 0.1 * jax.random.normal(k1, x.shape)) + 0.1 * jax.random.normal(k2, x.shape)


def encoder(w, x):
    z = jnp.tanh(x @ w[0]) @ w[1]
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def nt_xent(za, zb, za_all, zb_all, offset):
    z_all = jnp.concatenate([za_all, zb_all])  # 2B, D
    n = za_all.shape[0]
    local = jnp.concatenate([za, zb])  # 2b, D
    b = za.shape[0]
    sim = local @ z_all.T / TAU
    self_idx = jnp.concatenate([offset + jnp.arange(b), n + offset + jnp.arange(b)])
    pos_idx = jnp.concatenate([n + offset + jnp.arange(b), offset + jnp.arange(b)])
    sim = jnp.where(jnp.arange(2 * n)[None] == self_idx[:, None], -jnp.inf, sim)
    logp = jax.nn.log_softmax(sim, -1)
    return -jnp.take_along_axis(logp, pos_idx[:, None], 1).mean()


def full_loss(w, xa, xb):
    za, zb = encoder(w, xa), encoder(w, xb)
    return nt_xent(za, zb, za, zb, 0)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))
def sharded_loss_and_grad(w, xa, xb):
    def loss(w):
        za, zb = encoder(w, xa), encoder(w, xb)
        za_all = jax.lax.all_gather(za, "dp", tiled=True)
        zb_all = jax.lax.all_gather(zb, "dp", tiled=True)
        offset = jax.lax.axis_index("dp") * xa.shape[0]
        return jax.lax.pmean(nt_xent(za, zb, za_all, zb_all, offset), "dp")

    return jax.value_and_grad(loss)(w)


kx, ka, kb, kw1, kw2 = jax.random.split(jax.random.key(0), 5)
x = jax.random.normal(kx, (B, D_IN))
xa, xb = augment(ka, x), augment(kb, x)
w = (jax.random.normal(kw1, (D_IN, 16)) / 3, jax.random.normal(kw2, (16, D_OUT)) / 4)
l_ref, g_ref = jax.value_and_grad(full_loss)(w, xa, xb)
sh = NamedSharding(mesh, P("dp"))
l_sh, g_sh = jax.jit(sharded_loss_and_grad)(w, jax.device_put(xa, sh), jax.device_put(xb, sh))
print(float(l_ref), bool(jnp.allclose(l_sh, l_ref, rtol=1e-5)))
print([bool(jnp.allclose(a, b, atol=1e-5)) for a, b in zip(g_sh, g_ref)])
print(float(jnp.log(2 * B - 1)), l_sh.sharding.spec, g_sh[0].shape)


@jax.jit
def step(w, xa, xb):
    l, g = sharded_loss_and_grad(w, xa, xb)
    return jax.tree.map(lambda p, g: p - 0.5 * g, w, g), l


ls = []
for t in range(30):
    k = jax.random.fold_in(jax.random.key(1), t)
    xa, xb = augment(jax.random.fold_in(k, 0), x), augment(jax.random.fold_in(k, 1), x)
    w, l = step(w, jax.device_put(xa, sh), jax.device_put(xb, sh))
    ls.append(float(l))
print(ls[-1] < ls[0])
za, zb = encoder(w, x), encoder(w, augment(jax.random.key(9), x))
print(float(jnp.mean(jnp.argmax(za @ zb.T, 1) == jnp.arange(B))) > 0.5)
