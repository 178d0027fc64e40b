# Cosmology-style Gaussian random fields: a 3-D field with a prescribed power spectrum made by
# colouring white noise in Fourier space (rfftn / irfftn), the measured spherically-averaged
# power spectrum by radial binning with jnp.digitize and bincount weights, a log-normal
# transform, the two-point correlation by FFT, and a gradient of the spectrum's slope fit
import jax
import jax.numpy as jnp

N, L = 32, 100.0
kf = 2 * jnp.pi / L
kx = jnp.fft.fftfreq(N, d=L / N) * 2 * jnp.pi
kz = jnp.fft.rfftfreq(N, d=L / N) * 2 * jnp.pi
KX, KY, KZ = jnp.meshgrid(kx, kx, kz, indexing="ij")
kmag = jnp.sqrt(KX**2 + KY**2 + KZ**2)
print("k grid:", kmag.shape, "fundamental:", round(float(kf), 5), "nyquist:", round(float(jnp.pi * N / L), 4))


def power(k, amp=50.0, n=-1.5, k0=0.3):
    return jnp.where(k > 0, amp * (k / k0) ** n * jnp.exp(-((k / 1.5) ** 2)), 0.0)


def make_field(key):
    white = jax.random.normal(key, (N, N, N))
    wk = jnp.fft.rfftn(white)
    return jnp.fft.irfftn(wk * jnp.sqrt(power(kmag) / (L / N) ** 3), s=(N, N, N))


field = jax.jit(make_field)(jax.random.key(73))
print("field:", field.shape, field.dtype, "mean ~ 0:", bool(abs(float(field.mean())) < 1e-3), "std:", round(float(field.std()), 4))

edges = jnp.linspace(kf, 1.6, 13)


def measure(field):
    dk = jnp.fft.rfftn(field) * (L / N) ** 3
    p = jnp.abs(dk) ** 2 / L**3
    weight = jnp.ones_like(kmag).at[..., 1:-1].set(2.0)
    bins = jnp.digitize(kmag.ravel(), edges)
    sums = jnp.bincount(bins, weights=(p * weight).ravel(), length=len(edges) + 1)
    counts = jnp.bincount(bins, weights=weight.ravel(), length=len(edges) + 1)
    kmean = jnp.bincount(bins, weights=(kmag * weight).ravel(), length=len(edges) + 1)
    return (kmean / jnp.maximum(counts, 1))[1:-1], (sums / jnp.maximum(counts, 1))[1:-1], counts[1:-1]


kc, pk, counts = jax.jit(measure)(field)
ratio = pk / power(kc)
print("modes per bin:", counts.astype(jnp.int32))
print("measured / input power:", jnp.round(ratio, 2))
print("within 35% where well sampled:", bool(jnp.all(jnp.abs(ratio[2:8] - 1) < 0.35)))

fields = jax.vmap(make_field)(jax.random.split(jax.random.key(1), 4))
pks = jax.vmap(lambda f: measure(f)[1])(fields)
print("ensemble scatter / mean per bin:", jnp.round(pks.std(0) / pks.mean(0), 2)[:6])

lognormal = jnp.exp(field - field.var() / 2) - 1
print("log-normal mean ~ 0:", round(float(lognormal.mean()), 3), "min > -1:", bool(lognormal.min() > -1))
corr = jnp.fft.irfftn(jnp.abs(jnp.fft.rfftn(field)) ** 2, s=(N, N, N)) / N**3
print("correlation at lags 0,1,2,4:", jnp.round(corr[jnp.array([0, 1, 2, 4]), 0, 0], 4))


def slope_loss(n):
    model = power(kc[2:8], n=n)
    return jnp.sum((jnp.log(pk[2:8]) - jnp.log(model)) ** 2)


n_fit = -1.0
for _ in range(50):
    n_fit = n_fit - 0.05 * jax.grad(slope_loss)(n_fit)
print("fitted spectral slope:", round(float(n_fit), 3))
