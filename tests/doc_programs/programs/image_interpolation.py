# jax.image and interpolation docstrings: image.resize in each method (with antialias), image.
# scale_and_translate, scipy.ndimage.map_coordinates (orders 0 and 1, its modes), scipy.interpolate.
# RegularGridInterpolator, and jnp.interp with left / right / period
import jax
import jax.numpy as jnp
from jax.scipy.interpolate import RegularGridInterpolator
from jax.scipy.ndimage import map_coordinates

img = jnp.arange(16.).reshape(4, 4)
with jnp.printoptions(precision=3, suppress=True):
    for method in ["nearest", "linear", "cubic", "lanczos3", "lanczos5"]:
        print(method, jax.image.resize(img, (3, 5), method=method)[1])
    print(jax.image.resize(img, (8, 8), "bilinear")[2])
    print(jax.image.resize(img, (2, 2), "linear", antialias=False))
    print(jax.image.resize(img, (2, 2), "linear", antialias=True))
    print(jax.image.resize(jnp.ones((2, 3, 3)), (2, 5, 5), "trilinear").shape)
    print(jax.image.ResizeMethod.from_string("bicubic"), jax.image.ResizeMethod.LANCZOS3)
    out = jax.image.scale_and_translate(img, (4, 4), (0, 1), jnp.array([1.0, 0.5]),
                                        jnp.array([0.0, 1.0]), "linear")
    print(out)
    print(jax.grad(lambda m: jax.image.resize(m, (6, 6), "linear").sum())(img)[0])

    inp = jnp.arange(12.).reshape(3, 4)
    coords = jnp.array([[0.5, 2.0, 1.2], [1.5, 3.5, 0.0]])
    print(map_coordinates(inp, coords, order=1))
    print(map_coordinates(inp, coords, order=0))
    far = jnp.array([[-1.0, 3.5], [4.2, 1.0]])
    for mode in ["constant", "nearest", "wrap", "mirror", "reflect"]:
        print(mode, map_coordinates(inp, far, order=1, mode=mode, cval=-5.0))
    print(jax.jit(lambda c: map_coordinates(inp, c, order=1))(coords))

    x = jnp.linspace(0, 1, 3)
    y = jnp.linspace(0, 2, 4)
    values = x[:, None] * 10 + y[None, :]
    interp = RegularGridInterpolator((x, y), values)
    pts = jnp.array([[0.25, 0.5], [1.0, 2.0], [0.75, 1.9]])
    print(interp(pts))
    print(RegularGridInterpolator((x, y), values, method="nearest")(pts))
    print(RegularGridInterpolator((x, y), values, bounds_error=False, fill_value=-1.)(jnp.array([[2., 0.]])))

    xp = jnp.array([0., 1., 2.])
    fp = jnp.array([0., 10., 5.])
    print(jnp.interp(jnp.array([-1., 0.5, 1.5, 3.]), xp, fp))
    print(jnp.interp(jnp.array([-1., 3.]), xp, fp, left=-9., right=99.))
    print(jnp.interp(jnp.array([2.5, -0.5]), xp, fp, period=3.))
    print(jax.grad(lambda v: jnp.interp(v, xp, fp))(0.5))
