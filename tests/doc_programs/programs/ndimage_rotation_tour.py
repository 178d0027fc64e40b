# jax.scipy.ndimage.map_coordinates (orders, modes, cval, gradients, vmap) and
# jax.scipy.spatial.transform.Rotation's constructors, conversions and compositions
import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy import ndimage
from jax.scipy.spatial.transform import Rotation

img = jnp.arange(20.).reshape(4, 5)
coords = jnp.array([[0.5, 1.5, 3.2, -0.7, 4.4], [0.25, 2.0, 4.6, 1.0, -1.2]])
for order in (0, 1):
    for mode in ("constant", "nearest", "wrap", "mirror", "reflect"):
        print(order, mode, ndimage.map_coordinates(img, coords, order=order, mode=mode, cval=-1.))
print(ndimage.map_coordinates(img, [jnp.array([1.2]), jnp.array([2.7])], order=1))
print(ndimage.map_coordinates(np.arange(12.).reshape(3, 4), np.array([[1.5], [0.5]]), order=1))
print(jax.grad(lambda c: ndimage.map_coordinates(img, c, order=1).sum())(coords))
print(jax.grad(lambda im: ndimage.map_coordinates(im, coords, order=1, mode="wrap").sum())(img))
print(jax.vmap(lambda im: ndimage.map_coordinates(im, coords, order=1))(jnp.stack([img, -img])))
print(jax.jit(ndimage.map_coordinates, static_argnames=("order", "mode"))(img, coords, order=1, mode="nearest"))
yy, xx = jnp.meshgrid(jnp.linspace(0, 3, 3), jnp.linspace(0, 4, 4), indexing="ij")
print(ndimage.map_coordinates(img, [yy, xx], order=1).shape)
try:
    ndimage.map_coordinates(img, coords, order=3)
except NotImplementedError as e:
    print("NotImplementedError")

r = Rotation.from_euler("zyx", jnp.array([90., 45., 30.]), degrees=True)
print(jnp.round(r.as_quat(), 5))
print(jnp.round(r.as_matrix(), 5))
print(jnp.round(r.as_rotvec(), 5), jnp.round(r.magnitude(), 5))
print(jnp.round(r.as_euler("zyx", degrees=True), 4))
print(jnp.round(r.apply(jnp.array([1., 0., 0.])), 5))
print(jnp.round(r.apply(jnp.eye(3), inverse=True), 5))
q = Rotation.from_quat(jnp.array([[0., 0., 0.70710678, 0.70710678], [0., 0., 0., 1.]]))
print(len(q), jnp.round(q.as_euler("xyz"), 5))
print(jnp.round((q * q).as_quat(), 5))
print(jnp.round(q.inv().as_rotvec(), 5))
print(jnp.round(Rotation.from_rotvec(jnp.array([0., 0., jnp.pi / 2])).as_matrix(), 5))
print(jnp.round(Rotation.from_matrix(jnp.array([[0., -1., 0.], [1., 0., 0.], [0., 0., 1.]])).as_quat(), 5))
print(jnp.round(Rotation.from_mrp(jnp.array([0., 0., 1.])).as_rotvec(), 5))
print(jnp.round(Rotation.from_rotvec(jnp.array([90., 0., 0.]), degrees=True).as_mrp(), 5))
print(jnp.round(Rotation.identity().as_quat(), 5), Rotation.identity().single)
print(jnp.round(q.mean().as_quat(), 5))
print(jnp.round(Rotation.concatenate([q, q.inv()]).as_quat(), 5).shape)
print(jnp.round(q[1].as_quat(), 5))
try:
    Rotation.random(jax.random.key(0), 2)
except NotImplementedError:
    print("NotImplementedError")
print(jax.jit(lambda v: Rotation.from_rotvec(v).as_quat())(jnp.array([0.1, 0.2, 0.3])))
print(jax.grad(lambda a: Rotation.from_euler("z", a).apply(jnp.array([1., 0., 0.]))[1])(0.5))
