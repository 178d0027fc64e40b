# Dense optical flow between two synthetic frames: spatial / temporal derivatives with
# jax.scipy.signal.convolve2d, Horn-Schunck iterations (neighbour averaging by convolution) in
# fori_loop, Lucas-Kanade per-pixel 2x2 solves from windowed structure tensors, warping the
# second frame back with jax.scipy.ndimage.map_coordinates, and the photometric error before
# and after; a coarse flow recovered by gradient descent through the warp
import jax
import jax.numpy as jnp
from jax.scipy.ndimage import map_coordinates
from jax.scipy.signal import convolve2d

S = 40
yy, xx = jnp.mgrid[0:S, 0:S].astype(jnp.float32)


def scene(dx, dy):
    return (jnp.exp(-((xx - 15 - dx) ** 2 + (yy - 18 - dy) ** 2) / 30.0)
            + 0.7 * jnp.exp(-((xx - 26 - dx) ** 2 + (yy - 24 - dy) ** 2) / 18.0)
            + 0.3 * jnp.sin(xx / 3.0 + dx / 3.0) * jnp.cos(yy / 4.0 + dy / 4.0))


TRUE = (1.2, -0.7)
f1, f2 = scene(0.0, 0.0), scene(*TRUE)
kx = jnp.array([[-1.0, 1.0], [-1.0, 1.0]]) * 0.25
ky = kx.T
kt = jnp.ones((2, 2)) * 0.25
Ix = convolve2d(f1, kx, mode="same") + convolve2d(f2, kx, mode="same")
Iy = convolve2d(f1, ky, mode="same") + convolve2d(f2, ky, mode="same")
It = convolve2d(f2, kt, mode="same") - convolve2d(f1, kt, mode="same")
print("derivative shapes:", Ix.shape, Iy.shape, It.shape)

avg_kernel = jnp.array([[1.0, 2.0, 1.0], [2.0, 0.0, 2.0], [1.0, 2.0, 1.0]]) / 12.0


@jax.jit
def horn_schunck(alpha=1.0, iters=200):
    def body(_, uv):
        u, v = uv
        ub = convolve2d(u, avg_kernel, mode="same")
        vb = convolve2d(v, avg_kernel, mode="same")
        common = (Ix * ub + Iy * vb + It) / (alpha**2 + Ix**2 + Iy**2)
        return ub - Ix * common, vb - Iy * common

    return jax.lax.fori_loop(0, iters, body, (jnp.zeros((S, S)), jnp.zeros((S, S))))


u, v = horn_schunck()
inner = (slice(8, 32), slice(8, 32))
print("Horn-Schunck mean flow:", round(float(u[inner].mean()), 3), round(float(v[inner].mean()), 3), "true:", TRUE)

box = jnp.ones((5, 5))
Sxx, Syy, Sxy = (convolve2d(a, box, mode="same") for a in (Ix * Ix, Iy * Iy, Ix * Iy))
Sxt, Syt = convolve2d(Ix * It, box, mode="same"), convolve2d(Iy * It, box, mode="same")
A = jnp.stack([jnp.stack([Sxx, Sxy], -1), jnp.stack([Sxy, Syy], -1)], -2) + 1e-3 * jnp.eye(2)
b = -jnp.stack([Sxt, Syt], -1)
lk = jnp.linalg.solve(A, b[..., None])[..., 0]
print("Lucas-Kanade systems:", A.shape, "median flow:", jnp.round(jnp.median(lk[inner].reshape(-1, 2), axis=0), 3))
eig_min = jnp.linalg.eigvalsh(A)[..., 0]
print("well-conditioned pixels:", int(jnp.sum(eig_min > 0.05)))


def warp(img, flow_u, flow_v):
    return map_coordinates(img, [yy + flow_v, xx + flow_u], order=1, mode="nearest")


def photometric(img_a, img_b):
    return float(jnp.mean((img_a[inner] - img_b[inner]) ** 2))


print("error before warping:", round(photometric(f1, f2), 5))
print("error after HS warp:", round(photometric(f1, warp(f2, u, v)), 5))


def loss(d):
    return jnp.mean((warp(f2, jnp.full((S, S), d[0]), jnp.full((S, S), d[1]))[inner] - f1[inner]) ** 2)


d = jnp.zeros(2)
g = jax.jit(jax.value_and_grad(loss))
for i in range(200):
    val, grad = g(d)
    d = d - 20.0 * grad
print("global flow by gradient descent:", jnp.round(d, 3), "loss:", round(float(loss(d)), 6))
