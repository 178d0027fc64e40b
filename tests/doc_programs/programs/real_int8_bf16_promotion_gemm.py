# Mixed-precision inference kernels written with jax.numpy / lax the way quantized serving code is:
# int8 weights times int8 activations accumulated in int32 with preferred_element_type, bf16
# activations promoted against int8 / uint8 / Python scalars (weak types), per-channel scales,
# float16 and bfloat16 rounding of the dequantized result, saturating casts, uint8 wrap-around,
# and the promotion table of the dtypes that meet in such code
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(5)
W = rng.normal(size=(16, 8)).astype(np.float32)
X = rng.normal(size=(4, 16)).astype(np.float32)


def quantize(a, axis):
    scale = jnp.max(jnp.abs(a), axis=axis, keepdims=True) / 127.0
    q = jnp.clip(jnp.round(a / scale), -127, 127).astype(jnp.int8)
    return q, scale


@jax.jit
def int8_gemm(x, w):
    qx, sx = quantize(x, 1)
    qw, sw = quantize(w, 0)
    acc = jax.lax.dot_general(qx, qw, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)
    return acc, acc.astype(jnp.float32) * sx * sw


acc, deq = int8_gemm(jnp.asarray(X), jnp.asarray(W))
print("acc", acc.dtype, acc.shape, "max |acc|", int(jnp.max(jnp.abs(acc))))
print("dequant err", round(float(jnp.max(jnp.abs(deq - X @ W))), 4))
print("jnp.matmul int8 -> ", jnp.matmul(jnp.ones((2, 3), jnp.int8), jnp.ones((3, 2), jnp.int8), preferred_element_type=jnp.int32).dtype)
print("int8 @ int8 plain", (jnp.full((2, 40), 4, jnp.int8) @ jnp.full((40, 1), 4, jnp.int8)).ravel(), "(wraps)")

xb = jnp.asarray(X[:2, :4], jnp.bfloat16)
print("bf16 * int8", (xb * jnp.int8(3)).dtype, "bf16 + uint8", (xb + jnp.ones(4, jnp.uint8)).dtype)
print("bf16 * 2.5", (xb * 2.5).dtype, "bf16 + f16", (xb + jnp.ones(4, jnp.float16)).dtype)
print("bf16 + int32 array", (xb + jnp.ones(4, jnp.int32)).dtype, "int8 + 300 weak", (jnp.int8(1) + 3).dtype)
print("int8 * uint8", (jnp.int8(2) * jnp.uint8(3)).dtype, "uint8 + int16", (jnp.uint8(2) + jnp.int16(3)).dtype)
print("f16 * bf16 scalar", (jnp.float16(1) * jnp.bfloat16(2)).dtype)
print("bf16 values", xb[0])
print("bf16 rounding", jnp.asarray([1.0 + 2**-8, 1.0 + 3 * 2**-8, 256.0 + 1.0], jnp.bfloat16))
print("f16 overflow", jnp.asarray([70000.0, -1e5, 65504.0], jnp.float32).astype(jnp.float16))
print("saturating", jnp.clip(jnp.array([-300.0, -128.5, 127.4, 400.0]), -128, 127).astype(jnp.int8))
print("uint8 wrap", jnp.array([250, 5], jnp.uint8) + jnp.uint8(10), jnp.array([3], jnp.uint8) - jnp.uint8(5))
print("int8 neg", -jnp.array([-128, 127], jnp.int8), "abs", jnp.abs(jnp.array([-128], jnp.int8)))
print("int division", jnp.array([-7, 7], jnp.int8) // 2, jnp.array([-7, 7], jnp.int8) % 3)
print("mean of int8", jnp.mean(jnp.array([100, 100, 100], jnp.int8)), jnp.sum(jnp.array([100, 100], jnp.int8)).dtype)
print("bf16 sum", jnp.sum(jnp.full(1000, 0.1, jnp.bfloat16)), jnp.sum(jnp.full(1000, 0.1, jnp.bfloat16), dtype=jnp.float32))


@jax.jit
def bf16_layer(x, w, b):
    h = jnp.dot(x.astype(jnp.bfloat16), w.astype(jnp.bfloat16), preferred_element_type=jnp.float32)
    return jax.nn.relu(h + b).astype(jnp.bfloat16)


out = bf16_layer(jnp.asarray(X), jnp.asarray(W), jnp.zeros(8))
print("bf16 layer", out.dtype, "err", round(float(jnp.max(jnp.abs(out.astype(jnp.float32) - jax.nn.relu(X @ W)))), 2))
g = jax.grad(lambda w: jnp.sum(bf16_layer(jnp.asarray(X), w, jnp.zeros(8)).astype(jnp.float32)))(jnp.asarray(W))
print("grad dtype through bf16", g.dtype, round(float(jnp.sum(g)), 2))
for a in (jnp.int8, jnp.uint8, jnp.int32, jnp.bfloat16, jnp.float16):
    print(jnp.dtype(a).name, [jnp.promote_types(a, b).name for b in (jnp.int8, jnp.uint8, jnp.int32, jnp.bfloat16, jnp.float16, jnp.float32)])
print("result_type weak", jnp.result_type(jnp.int8, 1), jnp.result_type(jnp.bfloat16, 1.0), jnp.result_type(jnp.uint8, 1j))
print("iinfo", jnp.iinfo(jnp.int8).min, jnp.finfo(jnp.bfloat16).eps, jnp.finfo(jnp.float16).max)
