# Inverse kinematics of a 4-joint arm: forward kinematics by composing
# jax.scipy.spatial.transform.Rotation objects (from_rotvec, as_matrix, apply, inv), the
# end-effector pose error, Gauss-Newton / damped least squares steps with jax.jacfwd and
# jnp.linalg.lstsq or pinv inside a lax.fori_loop, joint limits by jnp.clip, a batch of targets
# by vmap, and quaternion interpolation between two end-effector orientations
import jax
import jax.numpy as jnp
from jax.scipy.spatial.transform import Rotation, Slerp

AXES = jnp.array([[0, 0, 1], [0, 1, 0], [0, 1, 0], [1, 0, 0]], dtype=jnp.float32)
LINKS = jnp.array([[0, 0, 0.3], [0.4, 0, 0], [0.35, 0, 0], [0.1, 0, 0]], dtype=jnp.float32)
LIMITS = jnp.array([3.0, 1.6, 2.4, 3.0])


def fk(q):
    pos = jnp.zeros(3)
    rot = Rotation.identity()
    for j in range(4):
        # from_rotvec's gradient is NaN at a zero angle (a norm): build the quaternion directly
        quat = jnp.concatenate([AXES[j] * jnp.sin(q[j] / 2), jnp.cos(q[j] / 2)[None]])
        rot = rot * Rotation.from_quat(quat)
        pos = pos + rot.apply(LINKS[j])
    return pos, rot


def fk_pos(q):
    return fk(q)[0]


q0 = jnp.array([0.1, 0.2, -0.3, 0.0])
p0, r0 = fk(q0)
print(p0.shape, r0.as_quat().shape, f"{float(jnp.linalg.norm(p0)):.4f}")
print(bool(jnp.allclose(r0.as_matrix() @ r0.inv().as_matrix(), jnp.eye(3), atol=1e-5)))
J = jax.jacfwd(fk_pos)(q0)
print(J.shape, int(jnp.linalg.matrix_rank(J)))
print(bool(jnp.allclose(Rotation.from_rotvec(AXES[1] * 0.4).as_matrix(), fk(jnp.array([0.0, 0.4, 0.0, 0.0]))[1].as_matrix(), atol=1e-6)))


def ik(target, q_init, iters=30, damping=1e-2):
    def body(i, q):
        err = target - fk_pos(q)
        J = jax.jacfwd(fk_pos)(q)
        dq = J.T @ jnp.linalg.solve(J @ J.T + damping * jnp.eye(3), err)
        return jnp.clip(q + dq, -LIMITS, LIMITS)

    return jax.lax.fori_loop(0, iters, body, q_init)


target = jnp.array([0.4, 0.3, 0.5])
q = jax.jit(ik)(target, jnp.zeros(4))
print(f"{float(jnp.linalg.norm(fk_pos(q) - target)):.5f}", bool(jnp.all(jnp.abs(q) <= LIMITS)))
dq, *_ = jnp.linalg.lstsq(jax.jacfwd(fk_pos)(q0), target - fk_pos(q0))
dq2 = jnp.linalg.pinv(jax.jacfwd(fk_pos)(q0)) @ (target - fk_pos(q0))
print(dq.shape, bool(jnp.allclose(dq, dq2, atol=1e-4)))

targets = jnp.array([[0.5, 0.0, 0.4], [0.2, 0.2, 0.6], [0.0, -0.4, 0.3], [0.3, 0.3, 0.1]])
qs = jax.jit(jax.vmap(ik, in_axes=(0, None)))(targets, jnp.full(4, 0.1))
errs = jnp.linalg.norm(jax.vmap(fk_pos)(qs) - targets, axis=-1)
print(qs.shape, bool(jnp.all(errs < 1e-2)))
rots = Rotation.from_quat(jnp.stack([fk(qs[0])[1].as_quat(), fk(qs[1])[1].as_quat()]))
slerp = Slerp.init(jnp.array([0.0, 1.0]), rots)
mid = slerp(jnp.array([0.0, 0.5, 1.0]))
print(mid.as_quat().shape, bool(jnp.allclose(jnp.abs(jnp.sum(mid.as_quat()[0] * rots.as_quat()[0])), 1.0, atol=1e-5)))
ang = (rots[0].inv() * rots[1]).magnitude()
half = (rots[0].inv() * mid[1]).magnitude()
print(bool(jnp.allclose(half, ang / 2, atol=1e-4)), mid.as_euler("xyz").shape)
