# Counter-based dropout masks from an integer hash (xorshift-multiply on uint32 indices, as
# stateless kernels do) used inside a rematerialised residual stack scanned over layers: the
# mask is recomputed in the backward pass from the layer index and the step counter carried as
# int32 / uint32 through the scan, gradients are taken with jax.grad and jax.jvp through the
# checkpointed body, vmapped over seeds, and the masks' keep rate is checked
import jax
import jax.numpy as jnp
import numpy as np


def hash32(x):
    x = x.astype(jnp.uint32)
    x = x ^ (x >> 16)
    x = x * jnp.uint32(0x7FEB352D)
    x = x ^ (x >> 15)
    x = x * jnp.uint32(0x846CA68B)
    return x ^ (x >> 16)


def keep_mask(seed, layer, shape, rate):
    idx = jnp.arange(np.prod(shape), dtype=jnp.uint32).reshape(shape)
    h = hash32(idx ^ hash32(seed * jnp.uint32(1000003) + layer.astype(jnp.uint32)))
    return (h >> 8).astype(jnp.float32) / float(1 << 24) >= rate


L, B, D = 4, 6, 8
ws = jax.random.normal(jax.random.key(0), (L, D, D)) / np.sqrt(D)
x = jax.random.normal(jax.random.key(1), (B, D))


def block(carry, w):
    h, layer, seed = carry
    m = keep_mask(seed, layer, h.shape, 0.25)
    h = h + jnp.where(m, jnp.tanh(h @ w) / 0.75, 0.0)
    return (h, layer + 1, seed), jnp.sum(m)


def loss(ws, x, seed):
    (h, n, _), kept = jax.lax.scan(jax.checkpoint(block), (x, jnp.int32(0), seed), ws)
    return jnp.mean(h**2), (n, kept)


(l, (n, kept)), g = jax.jit(jax.value_and_grad(loss, has_aux=True))(ws, x, jnp.uint32(7))
print("loss", round(float(l), 6), "layers", int(n), "kept per layer", np.asarray(kept).tolist())
print("keep rate", round(float(kept.sum() / (L * B * D)), 4))
print("grad norm", round(float(jnp.linalg.norm(g)), 6))
nr = jax.value_and_grad(lambda w: loss(w, x, jnp.uint32(7))[0])(ws)
print("no-jit agrees", bool(jnp.allclose(nr[1], g, atol=1e-6)))
_, t = jax.jvp(lambda w: loss(w, x, jnp.uint32(7))[0], (ws,), (jnp.ones_like(ws) * 0.01,))
print("jvp", round(float(t), 6), "grad.v", round(float(jnp.sum(g) * 0.01), 6))
seeds = jnp.arange(5, dtype=jnp.uint32)
per_seed = jax.jit(jax.vmap(lambda s: loss(ws, x, s)[0]))(seeds)
print("per seed", np.round(np.asarray(per_seed), 5))
gs = jax.jit(jax.vmap(jax.grad(lambda w, s: loss(w, x, s)[0]), in_axes=(None, 0)))(ws, seeds)
print("per-seed grads", gs.shape, np.round(np.asarray(jnp.linalg.norm(gs.reshape(5, -1), axis=1)), 5))
print("hash", [hex(int(v)) for v in hash32(jnp.arange(4))])
