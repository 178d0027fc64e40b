# A vector-quantized autoencoder: a codebook lookup by argmin distance, the straight-through
# estimator written two ways (stop_gradient trick and a custom_vjp), a custom_vjp gradient
# clip on the encoder output, commitment / codebook losses, and codebook usage by bincount
import jax
import jax.numpy as jnp
from jax import random

K, D, IN = 4, 2, 6


@jax.custom_vjp
def straight_through(x, q):
    return q


def st_fwd(x, q):
    return q, None


def st_bwd(_, g):
    return g, jnp.zeros_like(g)


straight_through.defvjp(st_fwd, st_bwd)


@jax.custom_vjp
def clip_gradient(x, lo, hi):
    return x


def clip_fwd(x, lo, hi):
    return x, (lo, hi)


def clip_bwd(res, g):
    lo, hi = res
    return jnp.clip(g, lo, hi), None, None


clip_gradient.defvjp(clip_fwd, clip_bwd)


def quantize(z, codebook):
    d = jnp.sum((z[:, None, :] - codebook[None]) ** 2, axis=-1)
    idx = jnp.argmin(d, axis=1)
    return codebook[idx], idx


def forward(p, x, st="stop_gradient"):
    z = clip_gradient(jnp.tanh(x @ p["enc"]), -0.5, 0.5)
    q, idx = quantize(z, p["codebook"])
    if st == "stop_gradient":
        zq = z + jax.lax.stop_gradient(q - z)
    else:
        zq = straight_through(z, q)
    recon = zq @ p["dec"]
    commit = jnp.mean((z - jax.lax.stop_gradient(q)) ** 2)
    codebook_loss = jnp.mean((jax.lax.stop_gradient(z) - q) ** 2)
    return jnp.mean((recon - x) ** 2) + codebook_loss + 0.25 * commit, idx


key = random.key(0)
ks = random.split(key, 4)
params = {
    "enc": random.normal(ks[0], (IN, D)) * 0.5,
    "dec": random.normal(ks[1], (D, IN)) * 0.5,
    "codebook": random.normal(ks[2], (K, D)) * 0.1,
}
x = random.normal(ks[3], (32, IN))
g1 = jax.grad(lambda p: forward(p, x)[0])(params)
g2 = jax.grad(lambda p: forward(p, x, "custom")[0])(params)
print(all(jax.tree.leaves(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-6)), g1, g2))))
print(jax.grad(lambda v: jnp.sum(clip_gradient(v, -0.1, 0.1) * 10.0))(jnp.ones(3)))
print(jax.grad(lambda v: jnp.sum(straight_through(v, jnp.round(v)) ** 2))(jnp.array([0.4, 1.6])))


@jax.jit
def step(p, x):
    (loss, idx), g = jax.value_and_grad(forward, has_aux=True)(p, x)
    return jax.tree.map(lambda a, b: a - 0.2 * b, p, g), loss, idx


losses = []
for i in range(80):
    params, loss, idx = step(params, x)
    losses.append(float(loss))
print(f"{losses[0]:.4f}", losses[-1] < losses[0])
usage = jnp.bincount(idx, length=K)
print(usage.sum(), usage.shape, usage.dtype)
try:
    jax.jvp(lambda v: straight_through(v, v * 2), (jnp.ones(2),), (jnp.ones(2),))
except TypeError as e:
    print("TypeError", "custom_vjp" in str(e))
print(jax.vmap(jax.grad(lambda v: clip_gradient(v, -1.0, 1.0) ** 3))(jnp.array([0.5, 2.0])))
print(jax.make_jaxpr(jax.grad(lambda v: jnp.sum(straight_through(v, jnp.round(v)))))(jnp.ones(2)))
