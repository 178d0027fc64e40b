# Long convolutions by FFT (as in Hyena / S4 convolution modes): a causal convolution of a
# batch of sequences with learned filters computed by rfft / irfft with zero padding,
# checked against jnp.convolve and lax.conv_general_dilated, an implicit filter
# parameterised by a small MLP over positions with exponential decay, and gradients
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

B, C, T = 2, 4, 128
rng = np.random.default_rng(1)
u = jnp.asarray(rng.normal(size=(B, C, T)), jnp.float32)


def fft_causal_conv(u, k):
    n = 2 * T
    uf = jnp.fft.rfft(u, n=n)
    kf = jnp.fft.rfft(k, n=n)
    return jnp.fft.irfft(uf * kf, n=n)[..., :T]


k = jnp.asarray(rng.normal(size=(C, T)) * np.exp(-np.arange(T) / 20.0), jnp.float32)
y = jax.jit(fft_causal_conv)(u, k)
ref = jnp.stack([jnp.stack([jnp.convolve(u[b, c], k[c])[:T] for c in range(C)]) for b in range(B)])
print(y.shape, y.dtype, "vs convolve", bool(jnp.allclose(y, ref, atol=1e-3)))
lhs = jnp.pad(u, ((0, 0), (0, 0), (T - 1, 0)))
rhs = k[:, None, ::-1]
yc = jax.lax.conv_general_dilated(lhs, rhs, (1,), "VALID", feature_group_count=C)
print("vs depthwise conv", bool(jnp.allclose(y, yc, atol=1e-3)))


def implicit_filter(params, t=T):
    pos = jnp.linspace(0, 1, t)[:, None]
    feats = jnp.concatenate([pos, jnp.sin(2 * jnp.pi * pos * jnp.arange(1, 5)), jnp.cos(2 * jnp.pi * pos * jnp.arange(1, 5))], -1)
    h = jnp.sin(feats @ params["w1"])
    filt = (h @ params["w2"]).T
    decay = jnp.exp(-jnp.exp(params["log_rate"])[:, None] * jnp.arange(t))
    return filt * decay


kp = random.split(random.key(0), 2)
params = {"w1": random.normal(kp[0], (9, 16)), "w2": random.normal(kp[1], (16, C)) / 4, "log_rate": jnp.full((C,), -3.0)}
target = fft_causal_conv(u, k)


def loss(params):
    return jnp.mean((fft_causal_conv(u, implicit_filter(params)) - target) ** 2)


grad_fn = jax.jit(jax.value_and_grad(loss))
for i in range(200):
    l, g = grad_fn(params)
    params = jax.tree.map(lambda p, g: p - 0.05 * g, params, g)
    if i % 50 == 0:
        print(f"step {i} loss {float(l):.5f}")
print("rates", jnp.round(jnp.exp(params["log_rate"]), 4))
spec = jnp.abs(jnp.fft.rfft(implicit_filter(params), axis=-1))
print("filter spectrum", spec.shape, jnp.round(spec[:, :3], 3))
print("fftfreq", jnp.fft.rfftfreq(8, d=0.5))
