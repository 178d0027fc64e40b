# Image deblurring in the Fourier domain: a Gaussian point-spread function, blurring by
# jax.scipy.signal.fftconvolve (mode="same") and by rfft2 / irfft2 with the PSF circularly
# centred by jnp.fft.ifftshift, Wiener deconvolution with a noise-to-signal ratio, Richardson-Lucy
# iterations in lax.fori_loop, total-variation regularised deconvolution by gradient descent,
# and PSNR of each restoration
import jax
import jax.numpy as jnp
from jax.scipy.signal import convolve2d, fftconvolve

N = 32
yy, xx = jnp.meshgrid(jnp.arange(N), jnp.arange(N), indexing="ij")
img = ((jnp.abs(yy - 12) < 6) & (jnp.abs(xx - 10) < 4)).astype(jnp.float32) + 0.6 * (((yy - 20) ** 2 + (xx - 22) ** 2) < 25)
c = N // 2
psf = jnp.exp(-((yy - c) ** 2 + (xx - c) ** 2) / (2 * 1.5**2))
psf = psf / psf.sum()
otf = jnp.fft.rfft2(jnp.fft.ifftshift(psf))
print(otf.shape, otf.dtype, float(jnp.abs(otf[0, 0])))

blur_fft = jnp.fft.irfft2(jnp.fft.rfft2(img) * otf, s=(N, N))
small_psf = psf[c - 4 : c + 5, c - 4 : c + 5]
small_psf = small_psf / small_psf.sum()
blur_direct = convolve2d(img, small_psf, mode="same")
blur_sig = fftconvolve(img, small_psf, mode="same")
inner = (slice(6, -6), slice(6, -6))
print(bool(jnp.allclose(blur_direct, blur_sig, atol=1e-5)), float(jnp.abs(blur_fft - blur_direct)[inner].max()) < 1e-3)
noisy = blur_fft + 0.01 * jax.random.normal(jax.random.key(0), img.shape)


def psnr(x):
    return float(10 * jnp.log10(img.max() ** 2 / jnp.mean((x - img) ** 2)))


def wiener(y, nsr):
    G = jnp.conj(otf) / (jnp.abs(otf) ** 2 + nsr)
    return jnp.fft.irfft2(jnp.fft.rfft2(y) * G, s=(N, N))


def richardson_lucy(y, iters=30):
    conv = lambda x, k: jnp.fft.irfft2(jnp.fft.rfft2(x) * k, s=(N, N))

    def body(_, x):
        ratio = y / jnp.maximum(conv(x, otf), 1e-6)
        return x * conv(ratio, jnp.conj(otf))

    return jax.lax.fori_loop(0, iters, body, jnp.full_like(y, y.mean()))


def tv_deconv(y, lam=0.01, steps=200):
    def loss(x):
        fit = jnp.mean((jnp.fft.irfft2(jnp.fft.rfft2(x) * otf, s=(N, N)) - y) ** 2)
        tv = jnp.mean(jnp.sqrt(jnp.diff(x, axis=0)[:, :-1] ** 2 + jnp.diff(x, axis=1)[:-1] ** 2 + 1e-6))
        return fit + lam * tv

    g = jax.grad(loss)
    return jax.lax.fori_loop(0, steps, lambda _, x: x - 20.0 * g(x), y)


scores = {
    "blurred": psnr(noisy),
    "wiener": psnr(jax.jit(wiener)(noisy, 1e-2)),
    "rl": psnr(jax.jit(richardson_lucy)(jnp.maximum(noisy, 0))),
    "tv": psnr(jax.jit(tv_deconv)(noisy)),
}
print(sorted(scores), scores["wiener"] > scores["blurred"], scores["rl"] > scores["blurred"], scores["tv"] > scores["blurred"])
print(psnr(wiener(blur_fft, 1e-6)) > 30, jnp.fft.fftfreq(4), jnp.fft.rfftfreq(6, d=0.5))
