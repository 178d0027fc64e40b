# A WaveNet-style autoregressive model on a quantised waveform: causal dilated 1D convolutions
# (lax.conv_general_dilated with rhs_dilation and left padding, NWC layout), gated tanh-sigmoid
# units, residual and skip connections, a softmax over 16 quantisation levels, the receptive
# field checked by the gradient of one output with respect to the input, and a few Adam steps
import jax
import jax.numpy as jnp

Q, C, T = 16, 16, 64
dilations = (1, 2, 4, 8)


def conv1d(x, w, dilation=1, causal=True):
    k = w.shape[0]
    pad = ((dilation * (k - 1), 0),) if causal else "SAME"
    return jax.lax.conv_general_dilated(x, w, (1,), pad, rhs_dilation=(dilation,), dimension_numbers=("NWC", "WIO", "NWC"))


def init(key):
    ks = iter(jax.random.split(key, 3 + 3 * len(dilations)))
    p = {"embed": jax.random.normal(next(ks), (2, Q, C)) * 0.1, "layers": []}
    for _ in dilations:
        p["layers"].append({"filt": jax.random.normal(next(ks), (2, C, 2 * C)) * 0.1, "res": jax.random.normal(next(ks), (1, C, C)) * 0.1, "skip": jax.random.normal(next(ks), (1, C, C)) * 0.1})
    p["out"] = jax.random.normal(next(ks), (1, C, Q)) * 0.1
    return p


def wavenet(p, x_onehot):
    h = conv1d(x_onehot, p["embed"])
    skips = 0.0
    for layer, d in zip(p["layers"], dilations):
        z = conv1d(h, layer["filt"], d)
        a, b = jnp.split(z, 2, -1)
        g = jnp.tanh(a) * jax.nn.sigmoid(b)
        h = h + conv1d(g, layer["res"])
        skips = skips + conv1d(g, layer["skip"])
    return conv1d(jax.nn.relu(skips), p["out"])


t = jnp.arange(T + 1)
wave = jnp.sin(2 * jnp.pi * t / 16) * 0.8 + 0.1 * jnp.sin(2 * jnp.pi * t / 5)
q = jnp.clip(((wave + 1) / 2 * Q).astype(jnp.int32), 0, Q - 1)
x = jax.nn.one_hot(q[None, :-1], Q)
y = q[None, 1:]


def loss(p):
    logits = wavenet(p, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[..., None], -1))


p = init(jax.random.key(0))
out_grad = jax.grad(lambda xx: wavenet(p, xx)[0, 40].sum())(x)
field = jnp.nonzero(jnp.abs(out_grad[0]).sum(-1) > 0)[0]
print("receptive field", int(field.min()), "..", int(field.max()), "size", int(field.size))
m = jax.tree.map(jnp.zeros_like, p)
v = jax.tree.map(jnp.zeros_like, p)


@jax.jit
def step(p, m, v, t):
    l, g = jax.value_and_grad(loss)(p)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    p = jax.tree.map(lambda p, m, v: p - 0.01 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
    return p, m, v, l


for i in range(1, 61):
    p, m, v, l = step(p, m, v, i)
    if i % 20 == 0:
        print(f"step {i} nll {float(l):.4f}")
pred = jnp.argmax(wavenet(p, x), -1)
print("next-sample accuracy %.3f" % float(jnp.mean(pred == y)))
print("logits", wavenet(p, x).shape, "params", sum(a.size for a in jax.tree.leaves(p)))
