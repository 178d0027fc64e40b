# Group-wise int4 weight quantisation (GPTQ/AWQ-style storage without the calibration): per-group
# scales and zero points, values packed two per uint8 with shifts and bitwise or, unpacked with
# right_shift / bitwise_and, dequantised matmuls under jit compared with float matmuls, int8
# activation quantisation with per-row scales and an int32-accumulating dot by
# preferred_element_type, and error statistics per group size
import jax
import jax.numpy as jnp
import numpy as np


def quantize_int4(w, group):
    din, dout = w.shape
    g = w.reshape(din // group, group, dout)
    lo, hi = g.min(1, keepdims=True), g.max(1, keepdims=True)
    scale = (hi - lo) / 15.0
    zero = jnp.round(-lo / scale)
    q = jnp.clip(jnp.round(g / scale + zero), 0, 15).astype(jnp.uint8).reshape(din, dout)
    return q, scale[:, 0], zero[:, 0]


def pack(q):
    return (q[0::2] | (q[1::2] << 4)).astype(jnp.uint8)


def unpack(packed):
    low = packed & jnp.uint8(0x0F)
    high = jax.lax.shift_right_logical(packed, jnp.uint8(4))
    return jnp.stack([low, high], 1).reshape(-1, packed.shape[1])


def dequant(packed, scale, zero, group):
    q = unpack(packed).astype(jnp.float32)
    din, dout = q.shape
    q = q.reshape(din // group, group, dout)
    return ((q - zero[:, None]) * scale[:, None]).reshape(din, dout)


w = jax.random.normal(jax.random.key(0), (64, 32)) * 0.1
x = jax.random.normal(jax.random.key(1), (8, 64))
q, scale, zero = quantize_int4(w, 16)
packed = pack(q)
print(q.dtype, int(q.max()) <= 15, packed.shape, packed.dtype, scale.shape)
print(bool(jnp.array_equal(unpack(packed), q)))
w_hat = jax.jit(dequant, static_argnums=3)(packed, scale, zero, 16)
print(float(jnp.abs(w_hat - w).max()) <= float(scale.max()) / 2 + 1e-6)
for group in (8, 16, 32, 64):
    qq, s, z = quantize_int4(w, group)
    err = jnp.linalg.norm(x @ dequant(pack(qq), s, z, group) - x @ w) / jnp.linalg.norm(x @ w)
    print(group, float(err) < 0.2, np.asarray(s.shape))


def quant_act(x):
    s = jnp.abs(x).max(1, keepdims=True) / 127.0
    return jnp.round(x / s).astype(jnp.int8), s


@jax.jit
def w8a8(x, w):
    xq, xs = quant_act(x)
    ws = jnp.abs(w).max(0, keepdims=True) / 127.0
    wq = jnp.round(w / ws).astype(jnp.int8)
    acc = jax.lax.dot_general(xq, wq, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)
    return acc, acc.astype(jnp.float32) * xs * ws


acc, y8 = w8a8(x, w)
print(acc.dtype, acc.shape, float(jnp.abs(y8 - x @ w).max()) < 0.05)
bits = jnp.unpackbits(packed[:1, :2])
print(bits.dtype, bits.shape, jnp.packbits(bits))
size_fp32 = w.size * 4
size_int4 = packed.size + scale.size * 4 + zero.size * 4
print(size_fp32, size_int4, round(size_fp32 / size_int4, 2))
