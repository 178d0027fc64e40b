# A cloth simulation with position-based dynamics: a grid of particles with structural springs
# built by index arithmetic, Verlet integration under gravity, distance constraints relaxed by
# Jacobi iterations using segment_sum to accumulate corrections, two pinned corners, a sphere
# collision projected out, the loop in lax.fori_loop inside lax.scan, and spring strain statistics
import jax
import jax.numpy as jnp
import numpy as np

W = H = 8
SPACING, DT, ITERS = 0.1, 0.01, 10
ij = np.stack(np.meshgrid(np.arange(W), np.arange(H), indexing="ij"), -1).reshape(-1, 2)
idx = lambda i, j: i * H + j
edges = [(idx(i, j), idx(i + 1, j)) for i in range(W - 1) for j in range(H)]
edges += [(idx(i, j), idx(i, j + 1)) for i in range(W) for j in range(H - 1)]
edges = jnp.array(edges, jnp.int32)
pos0 = jnp.concatenate([jnp.asarray(ij * SPACING, jnp.float32), jnp.zeros((W * H, 1))], 1)
pos0 = pos0 + jnp.array([-0.35, -0.35, 0.5])
rest = jnp.linalg.norm(pos0[edges[:, 0]] - pos0[edges[:, 1]], axis=1)
pinned = jnp.zeros(W * H, bool).at[jnp.array([idx(0, 0), idx(W - 1, 0)])].set(True)
CENTER, RADIUS = jnp.array([0.0, 0.0, 0.1]), 0.25
print(edges.shape, float(rest.mean()), int(pinned.sum()))


def relax(p):
    a, b = p[edges[:, 0]], p[edges[:, 1]]
    d = b - a
    length = jnp.linalg.norm(d, axis=1, keepdims=True)
    corr = 0.5 * (length - rest[:, None]) * d / jnp.maximum(length, 1e-9)
    n = W * H
    delta = jax.ops.segment_sum(corr, edges[:, 0], n) - jax.ops.segment_sum(corr, edges[:, 1], n)
    count = jax.ops.segment_sum(jnp.ones(len(edges)), edges[:, 0], n) + jax.ops.segment_sum(jnp.ones(len(edges)), edges[:, 1], n)
    p = p + 0.5 * delta / count[:, None]
    return jnp.where(pinned[:, None], pos0, p)


def collide(p):
    d = p - CENTER
    dist = jnp.linalg.norm(d, axis=1, keepdims=True)
    return jnp.where(dist < RADIUS, CENTER + d / dist * RADIUS, p)


def step(carry, _):
    p, prev = carry
    new = p + (p - prev) * 0.99 + DT**2 * jnp.array([0.0, 0.0, -9.8])
    new = jnp.where(pinned[:, None], pos0, new)
    new = jax.lax.fori_loop(0, ITERS, lambda _, q: collide(relax(q)), new)
    strain = jnp.linalg.norm(new[edges[:, 0]] - new[edges[:, 1]], axis=1) / rest - 1
    return (new, p), (new[:, 2].min(), jnp.abs(strain).max())


(final, _), (zmin, strain) = jax.jit(lambda p: jax.lax.scan(step, (p, p), None, length=150))(pos0)
print(final.shape, bool(jnp.all(final[pinned] == pos0[pinned])))
print(float(zmin[0]), bool(zmin[-1] < zmin[0]))
inside = jnp.linalg.norm(final - CENTER, axis=1) < RADIUS - 1e-4
print(int(inside.sum()), float(strain.max()) < 0.5)
print(bool(jnp.isfinite(final).all()), float(final[:, 2].mean()) < 0.5)
