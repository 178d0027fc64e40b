# jax.scipy.signal and jax.numpy convolutions: convolve / correlate in full, same and valid
# modes, direct and FFT methods, 2D, fftconvolve, with detection of a template in a noisy signal
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy import signal

x = jnp.array([1., 2., 3., 4., 5.])
h = jnp.array([1., 0., -1.])
for mode in ["full", "same", "valid"]:
    print(mode, signal.convolve(x, h, mode=mode), signal.correlate(x, h, mode=mode))
    print(" np", jnp.convolve(x, h, mode=mode), jnp.correlate(x, h, mode=mode))
print(jnp.round(signal.convolve(x, h, method="fft"), 4))
print(jnp.round(signal.fftconvolve(x, h, mode="same"), 4))
print(signal.convolve(h, x, mode="valid"), jnp.convolve(h, x, mode="valid"))
print(jnp.correlate(jnp.array([1, 2, 3]), jnp.array([0, 1]), mode="full"))
print(jnp.convolve(jnp.array([1, 2, 3]), jnp.array([1, 1])).dtype)
c = jnp.array([1 + 1j, 2., 0.5j])
print(jnp.round(jnp.correlate(c, jnp.array([1j, 1.]), mode="full"), 4))
print(jnp.round(signal.correlate(c, jnp.array([1j, 1.])), 4))

img = jnp.arange(25.).reshape(5, 5)
k = jnp.array([[0., 1.], [2., 3.]])
for mode in ["full", "same", "valid"]:
    print(mode, signal.convolve2d(img, k, mode=mode).shape, signal.correlate2d(img, k, mode=mode)[0])
print(signal.convolve2d(img, k, mode="same")[2])
print(jnp.round(signal.fftconvolve(img, k, mode="valid")[0], 3))
print(signal.convolve(img, k, mode="same").shape, signal.correlate(img[None], k[None], mode="valid").shape)

# a template hidden in noise, found by cross-correlation
key = jax.random.key(3)
template = jnp.sin(jnp.linspace(0, 2 * jnp.pi, 8))
noise = 0.2 * jax.random.normal(key, (64,))
sig = noise.at[21:29].add(template)
score = signal.correlate(sig, template, mode="valid")
print("found at", jnp.argmax(score), score.shape)
score_fft = signal.correlate(sig, template, mode="valid", method="fft")
print(jnp.allclose(score, score_fft, atol=1e-4))

# moving average and its gradient
ma = lambda s: jnp.convolve(s, jnp.ones(4) / 4, mode="valid")
print(jnp.round(ma(x), 4))
print(jnp.round(jax.grad(lambda s: ma(s).sum())(x), 4))
print(jnp.round(jax.jit(jax.grad(lambda k: signal.convolve(x, k, mode="same").sum()))(h), 4))
print(jax.vmap(lambda r: jnp.convolve(r, h, mode="same"))(jnp.eye(3)))
print(jnp.round(signal.detrend(jnp.array([1., 3., 2., 5., 6.])), 4))
print(jnp.round(signal.detrend(jnp.array([1., 3., 2., 5., 6.]), type="constant"), 4))
