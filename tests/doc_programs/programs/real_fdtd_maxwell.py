# A 2-D finite-difference time-domain (Yee) Maxwell solver in TM mode: staggered Ez / Hx / Hy
# updates by jnp.diff with padding, a soft Gaussian-pulse source, a dielectric slab with a
# different permittivity, simple absorbing damping layers at the edges, time stepping in
# lax.scan collecting a probe signal, energy bookkeeping and the spectrum of the probe by rfft
import jax
import jax.numpy as jnp

NX, NY, STEPS = 80, 60, 240
C0 = 1.0
DX = 1.0
DT = 0.5 * DX / C0
eps = jnp.ones((NX, NY)).at[50:60, :].set(4.0)
x = jnp.arange(NX)[:, None]
y = jnp.arange(NY)[None, :]
edge = jnp.minimum(jnp.minimum(x, NX - 1 - x), jnp.minimum(y, NY - 1 - y))
damping = jnp.where(edge < 8, 0.15 * ((8 - edge) / 8.0) ** 2, 0.0)
SRC, PROBE, PROBE2 = (20, 30), (45, 30), (70, 30)
print("Courant number:", C0 * DT / DX, "slab permittivity:", float(eps.max()))


def step(fields, t):
    ez, hx, hy = fields
    hx = hx - DT / DX * jnp.diff(ez, axis=1, append=0.0)
    hy = hy + DT / DX * jnp.diff(ez, axis=0, append=0.0)
    curl = jnp.diff(hy, axis=0, prepend=0.0) - jnp.diff(hx, axis=1, prepend=0.0)
    ez = ez + DT / (DX * eps) * curl
    pulse = jnp.exp(-(((t - 30.0) / 8.0) ** 2))
    ez = ez.at[SRC].add(pulse)
    ez, hx, hy = (f * (1 - damping) for f in (ez, hx, hy))
    energy = 0.5 * jnp.sum(eps * ez**2 + hx**2 + hy**2)
    return (ez, hx, hy), (ez[PROBE], ez[PROBE2], energy)


@jax.jit
def simulate():
    zeros = jnp.zeros((NX, NY))
    return jax.lax.scan(step, (zeros, zeros, zeros), jnp.arange(STEPS, dtype=jnp.float32))


(ez, hx, hy), (probe, probe2, energy) = simulate()
print("field shapes:", ez.shape, hx.shape, hy.shape)
arrival = int(jnp.argmax(jnp.abs(probe)))
arrival2 = int(jnp.argmax(jnp.abs(probe2)))
print("pulse peak at probe 1 (step):", arrival, "| beyond the slab:", arrival2)
print("peak amplitudes:", round(float(jnp.abs(probe).max()), 4), round(float(jnp.abs(probe2).max()), 4))
print("energy at steps 40 / 120 / 239:", [round(float(energy[i]), 4) for i in (40, 120, 239)])
print("energy absorbed by the edges:", bool(energy[-1] < 0.5 * energy.max()))
spectrum = jnp.abs(jnp.fft.rfft(probe))
freqs = jnp.fft.rfftfreq(STEPS, d=DT)
print("dominant probe frequency:", round(float(freqs[jnp.argmax(spectrum[1:]) + 1]), 4))
print("field finite:", bool(jnp.all(jnp.isfinite(ez))), "max |Ez| now:", round(float(jnp.abs(ez).max()), 5))
