# A D2Q9 lattice-Boltzmann simulation of flow past a cylinder in a periodic channel: lattice
# velocities and weights as constants, equilibrium distributions by einsum, streaming by
# jnp.roll per direction (static shifts from a NumPy table), bounce-back on an obstacle mask by reversed-direction indexing, BGK
# collision, a body force driving the flow, many steps in a jitted fori_loop, and diagnostics:
# mass conservation, mean velocity, vorticity by jnp.gradient, and the drag on the cylinder
import jax
import jax.numpy as jnp
import numpy as np

NX, NY, TAU, STEPS = 48, 24, 0.8, 300
C_NP = np.array([[0, 0], [1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [-1, -1], [1, -1]])
c = jnp.asarray(C_NP)  # the shifts of jnp.roll must be static: taken from the NumPy copy
w = jnp.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4)
opposite = jnp.array([0, 3, 4, 1, 2, 7, 8, 5, 6])
X, Y = jnp.meshgrid(jnp.arange(NX), jnp.arange(NY), indexing="ij")
obstacle = (X - NX // 4) ** 2 + (Y - NY // 2) ** 2 < (NY // 6) ** 2
walls = (Y == 0) | (Y == NY - 1)
solid = obstacle | walls
print(c.shape, f"{float(w.sum()):.6f}", int(obstacle.sum()), int(solid.sum()))


def equilibrium(rho, u):
    cu = jnp.einsum("qd,xyd->xyq", c.astype(jnp.float32), u)
    usq = jnp.sum(u**2, -1, keepdims=True)
    return rho[..., None] * w * (1 + 3 * cu + 4.5 * cu**2 - 1.5 * usq)


def macroscopic(f):
    rho = f.sum(-1)
    u = jnp.einsum("xyq,qd->xyd", f, c.astype(jnp.float32)) / rho[..., None]
    return rho, u


def stream(f):
    return jnp.stack([jnp.roll(f[..., q], (int(C_NP[q, 0]), int(C_NP[q, 1])), axis=(0, 1)) for q in range(9)], -1)


def step(f, force=1e-5):
    rho, u = macroscopic(f)
    u = jnp.where(solid[..., None], 0.0, u + jnp.array([force * TAU, 0.0]) / rho[..., None] * rho[..., None])
    f_post = f - (f - equilibrium(rho, u)) / TAU
    f_post = jnp.where(solid[..., None], f[..., opposite], f_post)
    return stream(f_post)


f0 = equilibrium(jnp.ones((NX, NY)), jnp.zeros((NX, NY, 2)))
print(f0.shape, f0.dtype, f"{float(f0.sum()):.3f}")
run = jax.jit(lambda f: jax.lax.fori_loop(0, STEPS, lambda i, f: step(f), f))
f = run(f0)
rho, u = macroscopic(f)
fluid = ~solid
print(f"{float(f.sum()):.3f}", bool(jnp.abs(f.sum() - f0.sum()) < 1e-2))
ux = jnp.where(fluid, u[..., 0], 0.0)
print(f"{float(ux.sum() / fluid.sum() * 1e4):.4f}", bool(ux.sum() > 0), bool(jnp.all(jnp.isfinite(u))))
dudy = jnp.gradient(u[..., 0], axis=1)
dvdx = jnp.gradient(u[..., 1], axis=0)
vort = jnp.where(fluid, dvdx - dudy, 0.0)
print(vort.shape, f"{float(jnp.abs(vort).max() * 1e4):.4f}")
profile = ux[NX - 2, 1:-1]
print(int(jnp.argmax(profile)) in range(NY // 2 - 4, NY // 2 + 3), f"{float(profile.max() * 1e4):.4f}")
boundary = obstacle & (jnp.roll(~obstacle, 1, 0) | jnp.roll(~obstacle, -1, 0))
drag = jnp.sum(jnp.where(boundary, rho, 0.0) * jnp.sign(X - NX // 4))
print(f"{float(drag):.5f}", boundary.dtype, int(boundary.sum()))
