# Post-training int8 quantisation of an MLP: per-channel symmetric weight scales, per-token
# activation scales, int8 x int8 matmuls accumulated in int32 via preferred_element_type
# (jnp.matmul, lax.dot_general and einsum), dequantisation, and the error against float32
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

rng = np.random.default_rng(2)
W1 = jnp.asarray(rng.normal(size=(32, 64)) / np.sqrt(32), jnp.float32)
W2 = jnp.asarray(rng.normal(size=(64, 10)) / np.sqrt(64), jnp.float32)
X = jnp.asarray(rng.normal(size=(16, 32)), jnp.float32)


def quantize_per_channel(w, axis=0):
    scale = jnp.max(jnp.abs(w), axis=axis, keepdims=True) / 127.0
    q = jnp.clip(jnp.round(w / scale), -127, 127).astype(jnp.int8)
    return q, scale


def quantize_per_token(x):
    scale = jnp.max(jnp.abs(x), axis=-1, keepdims=True) / 127.0
    return jnp.clip(jnp.round(x / scale), -127, 127).astype(jnp.int8), scale


q1, s1 = quantize_per_channel(W1)
q2, s2 = quantize_per_channel(W2)
print(q1.dtype, q1.shape, s1.shape, int(q1.min()), int(q1.max()))


@jax.jit
def int8_mlp(x):
    xq, xs = quantize_per_token(x)
    acc = jnp.matmul(xq, q1, preferred_element_type=jnp.int32)
    h = jax.nn.relu(acc.astype(jnp.float32) * xs * s1)
    hq, hs = quantize_per_token(h)
    acc2 = lax.dot_general(hq, q2, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)
    return acc2.astype(jnp.float32) * hs * s2, acc, acc2


def float_mlp(x):
    return jax.nn.relu(x @ W1) @ W2


yq, a1, a2 = int8_mlp(X)
yf = float_mlp(X)
print("acc dtypes", a1.dtype, a2.dtype, a1.shape, a2.shape)
rel = jnp.linalg.norm(yq - yf) / jnp.linalg.norm(yf)
print("relative error < 2%", bool(rel < 0.02))
print("argmax agree", float(jnp.mean(jnp.argmax(yq, -1) == jnp.argmax(yf, -1))))
acc_e = jnp.einsum("bi,io->bo", quantize_per_token(X)[0], q1, preferred_element_type=jnp.int32)
print("einsum int32", acc_e.dtype, bool(jnp.all(acc_e == jnp.matmul(quantize_per_token(X)[0], q1, preferred_element_type=jnp.int32))))
print("int32 sample", acc_e[0, :5])
print(jax.make_jaxpr(lambda a, b: jnp.matmul(a, b, preferred_element_type=jnp.int32))(q1[:4], q2[:, :3]))
err_w = jnp.max(jnp.abs(q1.astype(jnp.float32) * s1 - W1))
print("weight err <= half step", bool(jnp.all(err_w <= jnp.max(s1) / 2 + 1e-7)))
print("size bytes f32 %d int8 %d" % (W1.nbytes + W2.nbytes, q1.nbytes + q2.nbytes + s1.nbytes + s2.nbytes))
