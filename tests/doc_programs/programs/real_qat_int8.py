# Quantization-aware training: an MLP whose weights and activations pass through an int8 fake
# quantizer with a straight-through custom_jvp (the gradient passes inside the clip range), a
# learned activation scale, then real int8 inference by integer matmuls with int32 accumulation
import jax
import jax.numpy as jnp
from jax import random


@jax.custom_jvp
def round_ste(x):
    return jnp.round(x)


@round_ste.defjvp
def _round_ste_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.round(x), t


def fake_quant(x, scale):
    q = jnp.clip(round_ste(x / scale), -127, 127)
    return q * scale


def weight_scale(w):
    return jnp.max(jnp.abs(w)) / 127.0


key = random.key(21)
kx, kw1, kw2 = random.split(key, 3)
X = random.normal(kx, (128, 4))
Y = (jnp.sin(X[:, 0]) + X[:, 1] * X[:, 2] > 0).astype(jnp.int32)
params = {"w1": random.normal(kw1, (4, 32)) * 0.5, "b1": jnp.zeros(32),
          "w2": random.normal(kw2, (32, 2)) * 0.2, "b2": jnp.zeros(2),
          "act_scale": jnp.array(0.05)}


def forward(p, x, quant=True):
    w1 = fake_quant(p["w1"], weight_scale(p["w1"])) if quant else p["w1"]
    h = jax.nn.relu(x @ w1 + p["b1"])
    if quant:
        h = fake_quant(h, p["act_scale"])
    w2 = fake_quant(p["w2"], weight_scale(p["w2"])) if quant else p["w2"]
    return h @ w2 + p["b2"]


def loss(p, x, y):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(forward(p, x)), y[:, None], 1))


print(round_ste(jnp.array([0.4, 0.6, -1.5])), jax.grad(lambda x: round_ste(x).sum())(jnp.ones(3)))
print(jax.jvp(round_ste, (jnp.float32(2.7),), (jnp.float32(1.0),)))
print(jax.grad(lambda x: fake_quant(x, 0.1).sum())(jnp.array([1.0, 20.0, -13.0])))


@jax.jit
def step(p, x, y):
    l, g = jax.value_and_grad(loss)(p, x, y)
    return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), l, g["act_scale"]


l0 = loss(params, X, Y)
for i in range(100):
    params, l, gs = step(params, X, Y)
print(round(float(l0), 3), bool(l < l0), gs.shape, gs.dtype)


def quantize(w):
    s = weight_scale(w)
    return jnp.clip(jnp.round(w / s), -127, 127).astype(jnp.int8), s


def int8_forward(p, x):
    q1, s1 = quantize(p["w1"])
    qx, sx = quantize(x)
    acc = jnp.matmul(qx, q1, preferred_element_type=jnp.int32)
    h = jax.nn.relu(acc.astype(jnp.float32) * (sx * s1) + p["b1"])
    qh = jnp.clip(jnp.round(h / p["act_scale"]), -127, 127).astype(jnp.int8)
    q2, s2 = quantize(p["w2"])
    acc2 = jax.lax.dot(qh, q2, preferred_element_type=jnp.int32)
    return acc2.astype(jnp.float32) * (p["act_scale"] * s2) + p["b2"]


q1, s1 = quantize(params["w1"])
print(q1.dtype, q1.shape, int(jnp.max(jnp.abs(q1.astype(jnp.int32)))))
acc_fq = jnp.mean(jnp.argmax(forward(params, X), 1) == Y)
acc_int = jnp.mean(jnp.argmax(jax.jit(int8_forward)(params, X), 1) == Y)
print("fake-quant acc > 0.7", bool(acc_fq > 0.7), "int8 close", bool(jnp.abs(acc_fq - acc_int) < 0.1))
print(jax.make_jaxpr(round_ste)(1.0))
print(jnp.int8(100) + jnp.int8(100), jnp.matmul(jnp.full((2, 64), 100, jnp.int8), jnp.full((64, 1), 100, jnp.int8),
                                               preferred_element_type=jnp.int32).ravel())
