# jax.scipy.fft: dct / idct / dctn / idctn of the docstrings (types 2 and 3 only? - JAX
# implements type 2 with norm None or 'ortho'), a DCT-based low-pass compression of a signal and
# of an image, and gradients / vmap through the transforms
import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy import fft as jfft

x = jnp.array([1., 2., 4., 7., 11.])
print(jnp.round(jfft.dct(x), 4))
print(jnp.round(jfft.dct(x, norm="ortho"), 4))
print(jnp.round(jfft.idct(jfft.dct(x)), 4))
print(jnp.round(jfft.idct(jfft.dct(x, norm="ortho"), norm="ortho"), 4))
print(jnp.round(jfft.dct(x, n=8), 4))
print(jnp.round(jfft.dct(x, n=3), 4))
m = jnp.arange(12.).reshape(3, 4)
print(jnp.round(jfft.dct(m, axis=0), 4))
print(jnp.round(jfft.dctn(m), 4))
print(jnp.round(jfft.dctn(m, s=(2, 2)), 4))
print(jnp.round(jfft.dctn(m, axes=(1,), norm="ortho"), 4))
print(jnp.round(jfft.idctn(jfft.dctn(m, norm="ortho"), norm="ortho"), 4))

t = np.linspace(0, 1, 32, dtype=np.float32)
signal = jnp.asarray(np.sin(2 * np.pi * 3 * t) + 0.2 * np.cos(2 * np.pi * 13 * t))
coeffs = jfft.dct(signal, norm="ortho")
kept = jnp.where(jnp.arange(32) < 10, coeffs, 0.)
smooth = jfft.idct(kept, norm="ortho")
print(jnp.round(jnp.linalg.norm(signal - smooth) / jnp.linalg.norm(signal), 3))
energy = jnp.cumsum(coeffs ** 2) / jnp.sum(coeffs ** 2)
print(int(jnp.argmax(energy > 0.95)))

img = jnp.asarray(np.add.outer(np.arange(8.), np.arange(8.)) % 5, jnp.float32)
c2 = jfft.dctn(img, norm="ortho")
mask = (jnp.arange(8)[:, None] + jnp.arange(8)[None, :]) < 6
approx = jfft.idctn(jnp.where(mask, c2, 0.), norm="ortho")
print(jnp.round(jnp.abs(img - approx).max(), 3), int(mask.sum()))
print(jnp.round(jax.grad(lambda v: jfft.dct(v, norm="ortho")[1])(x), 4))
print(jnp.round(jax.jit(lambda v: jfft.idct(v, norm="ortho"))(x), 4))
print(jnp.round(jax.vmap(lambda r: jfft.dct(r, norm="ortho"))(m), 4))
print(jfft.dct(jnp.arange(4)).dtype, jfft.dct(jnp.ones(4, jnp.float16)).dtype)
