# A bfloat16 inference report: parameters cast to bfloat16 (and float16) with jax.tree.map,
# logits computed in bf16 with an f32 accumulation by preferred_element_type, dtype metadata
# printed with jnp.finfo for bfloat16 / float16 / float32, reprs of small bf16 arrays and of a
# large array with summarisation, bf16 rounding of values next to 1, the error of bf16 versus
# f32 matmuls, jax.lax.reduce_precision emulating bf16 in f32, and sizes in bytes
import jax
import jax.numpy as jnp

k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
params = {"w1": jax.random.normal(k1, (64, 128)) / 8, "w2": jax.random.normal(k2, (128, 10)) / 11}
x = jax.random.normal(k3, (16, 64))


def forward(p, x, acc=None):
    h = jax.nn.relu(jnp.dot(x, p["w1"], preferred_element_type=acc))
    return jnp.dot(h.astype(p["w2"].dtype), p["w2"], preferred_element_type=acc)


bf = jax.tree.map(lambda a: a.astype(jnp.bfloat16), params)
f16 = jax.tree.map(lambda a: a.astype(jnp.float16), params)
y32 = forward(params, x)
ybf = jax.jit(forward)(bf, x.astype(jnp.bfloat16))
ybf_acc = jax.jit(forward, static_argnums=2)(bf, x.astype(jnp.bfloat16), jnp.float32)
y16 = forward(f16, x.astype(jnp.float16))
print(ybf.dtype, ybf_acc.dtype, y16.dtype)
rel = lambda y: float(jnp.linalg.norm(y.astype(jnp.float32) - y32) / jnp.linalg.norm(y32))
print(rel(ybf) < 0.05, rel(ybf_acc) <= rel(ybf) + 1e-3, rel(y16) < rel(ybf))
for dt in (jnp.bfloat16, jnp.float16, jnp.float32):
    fi = jnp.finfo(dt)
    print(fi.dtype, fi.bits, fi.eps, fi.max, fi.tiny, fi.nmant)
print(jnp.array([1.0, 1.00390625, 1.0078125, 3.14159], jnp.bfloat16))
print(repr(jnp.array([[0.1, 0.2], [0.3, 1e-3]], jnp.bfloat16)))
print(jnp.arange(2000, dtype=jnp.bfloat16)[:5], jnp.bfloat16(256) + jnp.bfloat16(1))
big = jnp.arange(1200.0).reshape(40, 30)
print(big)
emulated = jax.lax.reduce_precision(params["w1"], exponent_bits=8, mantissa_bits=7)
print(bool(jnp.array_equal(emulated, bf["w1"].astype(jnp.float32))))
print({k: (v.dtype.name, v.nbytes) for k, v in bf.items()}, sum(v.nbytes for v in jax.tree.leaves(params)))
print(jnp.bfloat16(1.0) / 3, jnp.float16(65504) * 2, jnp.array(1e-8, jnp.float16))
print(jnp.promote_types(jnp.bfloat16, jnp.float16), (jnp.ones(2, jnp.bfloat16) + 1).dtype, (jnp.ones(2, jnp.bfloat16) + jnp.ones(2, jnp.float16)).dtype)
