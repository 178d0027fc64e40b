# A boids flocking simulation: pairwise displacements with periodic (minimum image) boundaries,
# neighbourhood masks within a radius, separation / alignment / cohesion forces as masked means,
# speed clamping, positions wrapped with jnp.mod, the loop in lax.scan with jax.checkpoint on the
# step, order parameters (polarisation) over time, and the gradient of final polarisation with
# respect to the alignment weight through the whole simulation
import jax
import jax.numpy as jnp

N, BOX, R, DT = 64, 10.0, 2.0, 0.1


def min_image(d):
    return d - BOX * jnp.round(d / BOX)


def step(state, weights):
    pos, vel = state
    w_sep, w_ali, w_coh = weights
    d = min_image(pos[None, :, :] - pos[:, None, :])  # i -> j
    dist2 = (d**2).sum(-1)
    nbr = (dist2 < R**2) & ~jnp.eye(N, dtype=bool)
    count = jnp.maximum(nbr.sum(1, keepdims=True), 1)
    sep = -(jnp.where(nbr[..., None], d / (dist2[..., None] + 1e-3), 0.0)).sum(1)
    ali = jnp.where(nbr[..., None], vel[None, :, :], 0.0).sum(1) / count - vel
    coh = jnp.where(nbr[..., None], d, 0.0).sum(1) / count
    vel = vel + DT * (w_sep * sep + w_ali * ali + w_coh * coh)
    speed = jnp.linalg.norm(vel, axis=-1, keepdims=True)
    vel = vel / jnp.maximum(speed, 1e-6) * jnp.clip(speed, 0.5, 2.0)
    pos = jnp.mod(pos + DT * vel, BOX)
    return pos, vel


def polarisation(vel):
    unit = vel / jnp.linalg.norm(vel, axis=-1, keepdims=True)
    return jnp.linalg.norm(unit.mean(0))


def simulate(state, weights, steps=100):
    body = jax.checkpoint(lambda s, _: (step(s, weights), polarisation(s[1])))
    return jax.lax.scan(body, state, None, length=steps)


k1, k2 = jax.random.split(jax.random.key(0))
pos = jax.random.uniform(k1, (N, 2), maxval=BOX)
vel = jax.random.normal(k2, (N, 2))
weights = jnp.array([0.5, 1.0, 0.3])
(pos_f, vel_f), pol = jax.jit(simulate)((pos, vel), weights)
print(pos_f.shape, bool(jnp.all((pos_f >= 0) & (pos_f < BOX))), float(pol[0]))
print(bool(pol[-1] > pol[0]), float(jnp.linalg.norm(vel_f, axis=-1).min()) >= 0.5 - 1e-5)
print(float(jnp.abs(min_image(jnp.array([9.0, -9.5, 4.0]))).max()))
no_align = jax.jit(simulate)((pos, vel), jnp.array([0.5, 0.0, 0.3]))[1]
print(bool(no_align[-1] < pol[-1]))
grad_w = jax.jit(jax.grad(lambda w: simulate((pos, vel), w, 20)[1][-1]))(weights)
print(grad_w.shape, bool(jnp.all(jnp.isfinite(grad_w))))
short = jax.jit(lambda w: simulate((pos, vel), w, 5)[1])(weights)
print(short)
