# A keyword-spotting style audio pipeline: synthetic chirps and tones, a short-time Fourier
# transform with jax.scipy.signal.stft, a mel filterbank built in jax.numpy, log-mel features
# with per-utterance normalisation, a 1-D convolutional classifier via lax.conv_general_dilated
# with global average pooling, trained with jitted SGD; also an istft round trip and a check of
# the mel filterbank's partition of unity
import jax
import jax.numpy as jnp
from jax.scipy.signal import istft, stft

SR, DUR, NFFT, HOP, NMEL = 800, 0.5, 64, 16, 12
t = jnp.arange(int(SR * DUR)) / SR


def make_signal(key, cls):
    kf, kn = jax.random.split(key)
    f0 = 60.0 + 40.0 * jax.random.uniform(kf)
    tone = jnp.sin(2 * jnp.pi * f0 * t)
    chirp = jnp.sin(2 * jnp.pi * (f0 + 300.0 * t) * t)
    high = jnp.sin(2 * jnp.pi * (f0 + 200.0) * t)
    sig = jnp.select([cls == 0, cls == 1], [tone, chirp], high)
    return sig + 0.1 * jax.random.normal(kn, t.shape)


n = 48
classes = jnp.arange(n) % 3
signals = jax.vmap(make_signal)(jax.random.split(jax.random.key(0), n), classes)
f, tt, Z = stft(signals, fs=SR, nperseg=NFFT, noverlap=NFFT - HOP)
print(signals.shape, f.shape, tt.shape, Z.shape, Z.dtype)


def hz_to_mel(h):
    return 2595.0 * jnp.log10(1.0 + h / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank():
    pts = mel_to_hz(jnp.linspace(hz_to_mel(0.0), hz_to_mel(SR / 2), NMEL + 2))
    lo, mid, hi = pts[:-2, None], pts[1:-1, None], pts[2:, None]
    up = (f[None] - lo) / (mid - lo)
    down = (hi - f[None]) / (hi - mid)
    return jnp.maximum(0.0, jnp.minimum(up, down))


fb = mel_filterbank()
inner = (f > 40) & (f < SR / 2 - 40)
print(fb.shape, bool(jnp.allclose(fb.sum(0)[inner], 1.0, atol=1e-4)))
logmel = jnp.log(jnp.einsum("mf,bft->bmt", fb, jnp.abs(Z) ** 2) + 1e-6)
feats = (logmel - logmel.mean(axis=(1, 2), keepdims=True)) / (logmel.std(axis=(1, 2), keepdims=True) + 1e-5)
print(feats.shape, f"{float(feats.std()):.4f}")


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    he = jax.nn.initializers.he_normal(in_axis=(1, 2), out_axis=0)
    return {"c1": he(k1, (16, NMEL, 3)), "c2": he(k2, (16, 16, 3)), "out": jax.random.normal(k3, (16, 3)) * 0.1}


def model(params, x):
    dn = ("NCH", "OIH", "NCH")
    h = jax.nn.relu(jax.lax.conv_general_dilated(x, params["c1"], (1,), "SAME", dimension_numbers=dn))
    h = jax.nn.relu(jax.lax.conv_general_dilated(h, params["c2"], (2,), "SAME", dimension_numbers=dn))
    return h.mean(-1) @ params["out"]


def loss_fn(params, x, y):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(model(params, x)) * jax.nn.one_hot(y, 3), -1))


params = init(jax.random.key(1))
print(model(params, feats).shape, jax.tree.map(jnp.shape, params))
step = jax.jit(lambda p, x, y: jax.tree.map(lambda a, g: a - 0.1 * g, p, jax.grad(loss_fn)(p, x, y)))
first = float(loss_fn(params, feats, classes))
for _ in range(80):
    params = step(params, feats, classes)
last = float(loss_fn(params, feats, classes))
acc = jnp.mean(jnp.argmax(model(params, feats), -1) == classes)
print(f"{first:.4f}", last < first, bool(acc > 0.9))
_, rec = istft(Z[:2], fs=SR, nperseg=NFFT, noverlap=NFFT - HOP)
print(rec.shape, bool(jnp.allclose(rec[:, : t.shape[0]], signals[:2], atol=1e-3)))
