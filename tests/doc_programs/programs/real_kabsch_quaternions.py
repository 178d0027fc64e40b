# Rigid-body geometry: quaternion multiplication, conversion to rotation matrices and back, slerp,
# the Kabsch algorithm aligning point clouds by SVD with a determinant sign correction (batched
# over several clouds by vmap), RMSD after alignment, gradients of the RMSD with respect to the
# points through the SVD, and axis-angle exponentials by jax.scipy.linalg.expm of a skew matrix
import jax
import jax.numpy as jnp


def qmul(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return jnp.array([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2, w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2])


def qmat(q):
    w, x, y, z = q / jnp.linalg.norm(q)
    return jnp.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def mat_to_quat(R):
    w = jnp.sqrt(jnp.maximum(0.0, 1 + jnp.trace(R))) / 2
    return jnp.array([w, (R[2, 1] - R[1, 2]) / (4 * w), (R[0, 2] - R[2, 0]) / (4 * w), (R[1, 0] - R[0, 1]) / (4 * w)])


def slerp(q0, q1, t):
    d = jnp.clip(q0 @ q1, -1, 1)
    th = jnp.arccos(d)
    return (jnp.sin((1 - t) * th) * q0 + jnp.sin(t * th) * q1) / jnp.sin(th)


q1 = jnp.array([0.9, 0.1, -0.3, 0.2])
q1 = q1 / jnp.linalg.norm(q1)
q2 = jnp.array([0.5, 0.5, 0.5, 0.5])
print(qmul(q1, q2), bool(jnp.allclose(qmat(qmul(q1, q2)), qmat(q1) @ qmat(q2), atol=1e-6)))
R = qmat(q1)
print(bool(jnp.allclose(R @ R.T, jnp.eye(3), atol=1e-6)), float(jnp.linalg.det(R)), mat_to_quat(R))
mid = slerp(q1, q2, 0.5)
print(float(jnp.linalg.norm(mid)), bool(jnp.allclose(slerp(q1, q2, 0.0), q1, atol=1e-6)))


def kabsch(P, Q):
    pc, qc = P - P.mean(0), Q - Q.mean(0)
    H = pc.T @ qc
    U, S, Vt = jnp.linalg.svd(H)
    d = jnp.sign(jnp.linalg.det(Vt.T @ U.T))
    D = jnp.diag(jnp.array([1.0, 1.0, d]))
    R = Vt.T @ D @ U.T
    return R, Q.mean(0) - P.mean(0) @ R.T


def rmsd(P, Q):
    R, t = kabsch(P, Q)
    return jnp.sqrt(jnp.mean(jnp.sum((P @ R.T + t - Q) ** 2, 1)))


key = jax.random.key(0)
P = jax.random.normal(key, (4, 20, 3))
quats = jax.random.normal(jax.random.key(1), (4, 4))
Rs = jax.vmap(qmat)(quats)
shift = jnp.array([1.0, -2.0, 0.5])
Q = jnp.einsum("bij,bnj->bni", Rs, P) + shift + 0.01 * jax.random.normal(jax.random.key(2), P.shape)
R_est, t_est = jax.jit(jax.vmap(kabsch))(P, Q)
print(R_est.shape, bool(jnp.allclose(R_est, Rs, atol=0.02)), bool(jnp.allclose(t_est, shift, atol=0.05)))
print(jax.vmap(rmsd)(P, Q) < 0.02, float(jnp.linalg.det(R_est[0])))
mirror = P[0] * jnp.array([1.0, 1.0, -1.0])
R_m, _ = kabsch(P[0], mirror)
print(round(float(jnp.linalg.det(R_m)), 4), float(rmsd(P[0], mirror)) > 0.1)
g = jax.grad(rmsd)(P[0], Q[0] + 0.3 * jax.random.normal(jax.random.key(3), (20, 3)))
print(g.shape, bool(jnp.all(jnp.isfinite(g))), float(jnp.abs(g.sum(0)).max()) < 1e-4)
axis, angle = jnp.array([0.0, 0.0, 1.0]), jnp.pi / 3
K = jnp.array([[0.0, -axis[2], axis[1]], [axis[2], 0.0, -axis[0]], [-axis[1], axis[0], 0.0]])
Rz = jax.scipy.linalg.expm(angle * K)
print(jnp.round(Rz, 4), bool(jnp.allclose(Rz, qmat(jnp.array([jnp.cos(angle / 2), 0, 0, jnp.sin(angle / 2)])), atol=1e-6)))
