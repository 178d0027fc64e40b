# Post-training int8 quantization of a matmul: per-channel scales, rounding and clipping to
# int8, an int32-accumulating lax.dot_general (preferred_element_type), dequantization, the
# error against float32, and quantization-aware training with a straight-through estimator
import jax
import jax.numpy as jnp
from jax import lax, random


def quantize(w, axis=0):
    scale = jnp.max(jnp.abs(w), axis=axis, keepdims=True) / 127.0
    q = jnp.clip(jnp.round(w / scale), -127, 127).astype(jnp.int8)
    return q, scale


def int8_matmul(xq, wq):
    return lax.dot_general(xq, wq, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)


kx, kw = random.split(random.key(0))
x = random.normal(kx, (4, 16))
w = random.normal(kw, (16, 8))
xq, xs = quantize(x, axis=1)
wq, ws = quantize(w, axis=0)
print(xq.dtype, wq.dtype, xs.shape, ws.shape)
acc = int8_matmul(xq, wq)
print(acc.dtype, acc.shape)
y = acc.astype(jnp.float32) * xs * ws
ref = x @ w
print("max rel err < 0.05:", jnp.max(jnp.abs(y - ref)) / jnp.max(jnp.abs(ref)) < 0.05)
print(jnp.iinfo(jnp.int8).min, jnp.iinfo(jnp.int8).max, jnp.round(jnp.array([0.5, 1.5, -0.5, -1.5])))
print(jnp.array([200, -200, 7]).astype(jnp.int8), jnp.clip(jnp.array([200, -200]), -128, 127).astype(jnp.int8))
print(jax.jit(int8_matmul)(xq, wq)[0, :3] == acc[0, :3])
print(jnp.matmul(xq, wq, preferred_element_type=jnp.int32).dtype, jnp.dot(xq, wq).dtype)


def fake_quant(w):
    q = jnp.round(w * 127 / jnp.max(jnp.abs(w))) * jnp.max(jnp.abs(w)) / 127
    return w + lax.stop_gradient(q - w)


def loss(w, x, target):
    return jnp.mean((x @ fake_quant(w) - target) ** 2)


target = x @ (w * 0.5)
w_t = w
g_fn = jax.jit(jax.value_and_grad(loss))
for i in range(100):
    l, g = g_fn(w_t, x, target)
    w_t = w_t - 0.05 * g
print("qat loss decreased:", l < loss(w, x, target))
print(jax.grad(lambda v: fake_quant(v).sum())(jnp.array([0.3, -1.0])))
print(lax.convert_element_type(jnp.array([1.7, -1.7, 300.]), jnp.int8))
print(jnp.array([1.7, -2.5]).astype(jnp.uint8), jnp.array([3, 250], jnp.uint8) + jnp.uint8(10))
