# jax.scipy.spatial.transform (Rotation and Slerp) and jax.scipy.cluster.vq: rotating points,
# composing and inverting rotations, Euler angles / rotation vectors / quaternions, a k-means
# step written with vq
import jax
import jax.numpy as jnp
from jax.scipy.cluster.vq import vq
from jax.scipy.spatial.transform import Rotation, Slerp

r = Rotation.from_euler("z", 90, degrees=True)
print(jnp.round(r.as_quat(), 5))
print(jnp.round(r.as_matrix(), 5))
print(jnp.round(r.apply(jnp.array([1., 0., 0.])), 5))
print(jnp.round(r.as_rotvec(), 5), jnp.round(r.magnitude(), 5))
print(jnp.round(r.as_euler("zyx", degrees=True), 4))
r2 = Rotation.from_rotvec(jnp.array([0., jnp.pi / 2, 0.]))
c = r * r2
print(jnp.round(c.as_matrix(), 5))
print(jnp.round((r.inv() * r).as_quat(), 5))
print(jnp.round(c.apply(jnp.eye(3)), 5))
q = Rotation.from_quat(jnp.array([[0., 0., 0., 1.], [1., 0., 0., 0.]]))
print(len(q), q.single, jnp.round(q.as_rotvec(), 5))
print(jnp.round(q[1].as_matrix(), 5))
print(jnp.round(Rotation.from_matrix(r.as_matrix()).as_quat(), 5))
print(jnp.round(Rotation.identity().as_quat(), 5))
m = Rotation.from_euler("xyz", jnp.array([[10., 20., 30.], [-40., 5., 60.]]), degrees=True)
print(jnp.round(m.as_euler("xyz", degrees=True), 3))
print(jnp.round(m.mean().as_quat(), 5))
print(jnp.round(m.apply(jnp.array([[1., 2., 3.], [0., 1., 0.]])), 4))
print(jnp.round(m.apply(jnp.array([1., 2., 3.]), inverse=True), 4))


def angle_between(rotvec_a, rotvec_b):
    ra, rb = Rotation.from_rotvec(rotvec_a), Rotation.from_rotvec(rotvec_b)
    return (ra.inv() * rb).magnitude()


print(jnp.round(jax.jit(angle_between)(jnp.array([0., 0., 0.3]), jnp.array([0., 0., 1.0])), 5))
print(jnp.round(jax.grad(angle_between, 1)(jnp.array([0., 0., 0.3]), jnp.array([0., 0.2, 1.0])), 4))
print(jnp.round(jax.vmap(lambda v: Rotation.from_rotvec(v).as_quat())(jnp.eye(3) * 0.5), 5))

rots = jnp.array([[90, 0, 0], [0, 45, 0], [45, 60, 30]])
key_rotations = Rotation.from_euler("zxy", rots, degrees=True)
slerp = Slerp.init([0, 1, 2], key_rotations)
print(jnp.round(slerp([0, 0.5, 1, 1.5, 2]).as_euler("zxy"), 4))
print(jnp.round(slerp(0.25).as_quat(), 5))

obs = jnp.array([[1., 1.], [1.2, 0.8], [5., 5.], [5.5, 4.5], [0.8, 1.1], [4.9, 5.2]])
book = jnp.array([[0., 0.], [6., 6.]])
codes, dist = vq(obs, book)
print(codes, jnp.round(dist, 4))


def kmeans_step(centroids, points):
    assignment, _ = vq(points, centroids)
    one_hot = jax.nn.one_hot(assignment, centroids.shape[0])
    counts = one_hot.sum(0)
    return (one_hot.T @ points) / counts[:, None]


for _ in range(3):
    book = jax.jit(kmeans_step)(book, obs)
print(jnp.round(book, 4))
