# The Kuramoto-Sivashinsky equation u_t = -u u_x - u_xx - u_xxxx solved with Kassam and
# Trefethen's ETDRK4 scheme: the phi-function coefficients by complex contour integrals (mean over
# roots of unity), the nonlinear term dealiased in rfft space, 2000 steps by lax.scan with
# snapshots, energy statistics, and the largest Lyapunov exponent from a jvp-propagated tangent
import jax
import jax.numpy as jnp

N = 64
Lx = 32 * jnp.pi
x = Lx * jnp.arange(N) / N
u0 = jnp.cos(x / 16) * (1 + jnp.sin(x / 16))
h = 0.25
k = 2 * jnp.pi / Lx * jnp.fft.rfftfreq(N, 1.0 / N)
Lop = k**2 - k**4
E = jnp.exp(h * Lop)
E2 = jnp.exp(h * Lop / 2)
M = 16
r = jnp.exp(1j * jnp.pi * (jnp.arange(1, M + 1) - 0.5) / M)
LR = h * Lop[:, None] + r[None, :]
Q = h * jnp.real(jnp.mean((jnp.exp(LR / 2) - 1) / LR, axis=1))
f1 = h * jnp.real(jnp.mean((-4 - LR + jnp.exp(LR) * (4 - 3 * LR + LR**2)) / LR**3, axis=1))
f2 = h * jnp.real(jnp.mean((2 + LR + jnp.exp(LR) * (-2 + LR)) / LR**3, axis=1))
f3 = h * jnp.real(jnp.mean((-4 - 3 * LR - LR**2 + jnp.exp(LR) * (4 - LR)) / LR**3, axis=1))
g = -0.5j * k
dealias = jnp.arange(k.shape[0]) < (2 * N) // 6 + 1
print("coefficients:", Q.dtype, Q.shape, "f1[0]:", round(float(f1[0]), 5))


def nonlin(v):
    return g * jnp.fft.rfft(jnp.fft.irfft(v, n=N) ** 2) * dealias


def etdrk4(v):
    Nv = nonlin(v)
    a = E2 * v + Q * Nv
    Na = nonlin(a)
    b = E2 * v + Q * Na
    Nb = nonlin(b)
    c = E2 * a + Q * (2 * Nb - Nv)
    Nc = nonlin(c)
    return E * v + Nv * f1 + 2 * (Na + Nb) * f2 + Nc * f3


@jax.jit
def run(u0, steps=2000, every=100):
    def outer(v, _):
        v = jax.lax.fori_loop(0, every, lambda i, v: etdrk4(v), v)
        return v, jnp.fft.irfft(v, n=N)

    return jax.lax.scan(outer, jnp.fft.rfft(u0), None, length=steps // every)


v_end, snaps = run(u0)
energy = jnp.mean(snaps**2, axis=1)
print("snapshots:", snaps.shape, "finite:", bool(jnp.all(jnp.isfinite(snaps))))
print("mean of u conserved:", bool(jnp.all(jnp.abs(snaps.mean(1) - u0.mean()) < 1e-4)))
print("turbulent energy in [0.5, 3]:", bool(0.5 < energy[-10:].mean() < 3.0))
print("max |u| bounded:", bool(jnp.max(jnp.abs(snaps)) < 5.0))


@jax.jit
def lyapunov(v, steps=400):
    def body(carry, _):
        v, dv = carry
        v, dv = jax.jvp(etdrk4, (v,), (dv,))
        n = jnp.sqrt(jnp.sum(jnp.abs(dv) ** 2))
        return (v, dv / n), jnp.log(n)

    dv0 = jnp.fft.rfft(jnp.sin(3 * x / 16)).astype(v.dtype)
    dv0 = dv0 / jnp.sqrt(jnp.sum(jnp.abs(dv0) ** 2))
    _, logs = jax.lax.scan(body, (v, dv0), None, length=steps)
    return logs[100:].mean() / h


lam = lyapunov(v_end)
print("largest Lyapunov exponent positive:", bool(lam > 0.0), "below 0.5:", bool(lam < 0.5))
