# An E(n)-equivariant graph neural network layer (Satorras et al.) on a small molecule-like point
# cloud: messages from squared distances, coordinate updates along relative vectors, feature
# updates by aggregated messages with segment_sum over an edge list; equivariance to a random
# rotation + translation checked, an energy model's forces as -grad, and a few training steps
import jax
import jax.numpy as jnp

n = 7
senders, receivers = jnp.meshgrid(jnp.arange(n), jnp.arange(n))
keep = senders != receivers
senders, receivers = senders[keep], receivers[keep]
print("edges", senders.shape[0])


def dense(key, a, b):
    return {"w": jax.random.normal(key, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}


def init(key, f=8):
    ks = jax.random.split(key, 5)
    return {"e1": dense(ks[0], 2 * f + 1, 16), "e2": dense(ks[1], 16, 16), "x": dense(ks[2], 16, 1),
            "h": dense(ks[3], f + 16, f), "out": dense(ks[4], f, 1)}


def lin(p, x):
    return x @ p["w"] + p["b"]


def egnn_layer(p, h, x):
    rel = x[senders] - x[receivers]
    d2 = jnp.sum(rel**2, -1, keepdims=True)
    m = jax.nn.silu(lin(p["e2"], jax.nn.silu(lin(p["e1"], jnp.concatenate([h[receivers], h[senders], d2], -1)))))
    dx = jax.ops.segment_sum(rel * lin(p["x"], m), receivers, num_segments=n) / (n - 1)
    agg = jax.ops.segment_sum(m, receivers, num_segments=n)
    h = h + lin(p["h"], jnp.concatenate([h, agg], -1))
    return h, x + dx


def energy(p, h, x):
    h, x = egnn_layer(p, h, x)
    h, x = egnn_layer(p, h, x)
    return jnp.sum(lin(p["out"], h))


key = jax.random.key(4)
kh, kx, kr, kp = jax.random.split(key, 4)
h0 = jax.random.normal(kh, (n, 8))
x0 = jax.random.normal(kx, (n, 3))
p = init(kp)
Q, _ = jnp.linalg.qr(jax.random.normal(kr, (3, 3)))
shift = jnp.array([1.0, -2.0, 0.5])
h1, x1 = egnn_layer(p, h0, x0)
h2, x2 = egnn_layer(p, h0, x0 @ Q.T + shift)
print("features invariant", bool(jnp.allclose(h1, h2, atol=1e-4)))
print("coordinates equivariant", bool(jnp.allclose(x1 @ Q.T + shift, x2, atol=1e-4)))
forces = -jax.grad(energy, argnums=2)(p, h0, x0)
forces_rot = -jax.grad(energy, argnums=2)(p, h0, x0 @ Q.T + shift)
print("forces rotate", bool(jnp.allclose(forces @ Q.T, forces_rot, atol=1e-4)), "net force ~0", bool(jnp.abs(forces.sum(0)).max() < 1e-3))
target = jnp.sum(jnp.linalg.norm(x0[:, None] - x0[None] + jnp.eye(n)[..., None], axis=-1))
loss = lambda p: (energy(p, h0, x0) - target) ** 2
step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 2e-5 * g, p, jax.grad(loss)(p)))
print("loss before %.3f" % float(loss(p)))
for _ in range(50):
    p = step(p)
print("loss after %.3f" % float(loss(p)))
print("energy dtype", energy(p, h0, x0).dtype, "layer out", jax.eval_shape(egnn_layer, p, h0, x0))
