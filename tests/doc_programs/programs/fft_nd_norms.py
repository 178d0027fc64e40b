# jnp.fft n-dimensional transforms, norms, shapes and helpers; gradients through FFTs
import numpy as np
import jax
import jax.numpy as jnp

x = jnp.arange(12.).reshape(3, 4)
for norm in (None, "ortho", "forward", "backward"):
    print(norm, jnp.fft.fft2(x, norm=norm)[0].round(3))
X = jnp.fft.rfftn(x)
print(X.shape, jnp.fft.irfftn(X, s=x.shape).round(4))
print(jnp.fft.ifftn(jnp.fft.fftn(x)).real.round(4))
print(jnp.fft.fftn(x, s=(4, 6)).shape, jnp.fft.fftn(x, axes=(0,)).shape)
print(jnp.fft.rfft2(x, s=(2, 2)).round(3))
print(jnp.fft.irfft(jnp.array([1., 2., 3.]), n=6).round(4))
print(jnp.fft.hfft(jnp.array([1., 2j, 3.]), n=4).round(4))
print(jnp.fft.ihfft(jnp.array([1., 2., 3., 4.])).round(4))
print(jnp.fft.fftfreq(6, d=0.5), jnp.fft.rfftfreq(7, d=0.1))
print(jnp.fft.fftshift(jnp.arange(10).reshape(2, 5)), jnp.fft.ifftshift(jnp.arange(5)))
print(jnp.fft.fftshift(jnp.arange(12).reshape(3, 4), axes=1))
print(jnp.fft.fft(jnp.arange(5.), n=8).round(3))
print(jnp.fft.fft(jnp.ones(4, jnp.complex64)).dtype, jnp.fft.rfft(jnp.ones(4, jnp.int32)).dtype)

# differentiable power spectrum
sig = jnp.sin(jnp.linspace(0., 8 * jnp.pi, 32))
power = lambda s: jnp.sum(jnp.abs(jnp.fft.rfft(s)) ** 2)
print(jnp.round(power(sig), 3), jax.grad(power)(sig)[:4].round(4))
print(jax.grad(lambda s: jnp.fft.irfft(jnp.fft.rfft(s) * jnp.exp(-jnp.arange(17.) / 4)).sum())(sig)[:4].round(4))
print(jax.vmap(jnp.fft.fft)(jnp.eye(3)).round(3))
print(jax.jvp(lambda s: jnp.fft.fft(s).real, (jnp.arange(4.),), (jnp.ones(4),)))

# spectral convolution equals direct (circular) convolution
k = jnp.array([1., -1., 0., 0., 0., 0., 0., 0.])
y = jnp.arange(8.) ** 2
circ = jnp.fft.ifft(jnp.fft.fft(y) * jnp.fft.fft(k)).real
print(circ.round(4), (y - jnp.roll(y, 1)).round(4))
