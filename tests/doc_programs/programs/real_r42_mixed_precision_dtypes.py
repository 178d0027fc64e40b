# Mixed precision as the docs use it: bf16 params with f32 master copies, dot with
# preferred_element_type, promote_types / result_type of weak and strong types, finfo / iinfo,
# loss scaling, casts of gradients, and dtypes of reductions
import jax
import jax.numpy as jnp

print(jnp.promote_types(jnp.bfloat16, jnp.float16), jnp.promote_types(jnp.int8, jnp.uint8), jnp.promote_types(jnp.int32, jnp.float16))
print(jnp.result_type(jnp.bfloat16, 1.0), jnp.result_type(jnp.int8, 1), jnp.result_type(jnp.float16, jnp.int64))
print(jnp.finfo(jnp.bfloat16), jnp.finfo(jnp.float16).eps, jnp.iinfo(jnp.int8).min, jnp.finfo(jnp.float32).tiny)
master = {"w": jnp.linspace(-1, 1, 12).reshape(4, 3), "b": jnp.zeros(3)}
x = jnp.linspace(0, 1, 8).reshape(2, 4).astype(jnp.bfloat16)


def forward(p, x):
    p16 = jax.tree.map(lambda a: a.astype(jnp.bfloat16), p)
    y = jnp.dot(x, p16["w"], preferred_element_type=jnp.float32) + p16["b"]
    return y


y = forward(master, x)
print(y.dtype, y)
scale = 2.0 ** 10
g = jax.grad(lambda p: jnp.sum(forward(p, x) ** 2) * scale)(master)
print(jax.tree.map(lambda a: a.dtype, g), jnp.round(g["b"] / scale, 3))
print(jnp.all(jnp.isfinite(g["w"])))
a16 = jnp.ones((3,), jnp.bfloat16)
print((a16 + 1).dtype, (a16 + jnp.float32(1)).dtype, (a16 * 2.5).dtype, (a16.sum()).dtype, a16.mean().dtype)
print(jnp.sum(a16, dtype=jnp.float32).dtype, jnp.arange(3, dtype=jnp.int8).sum().dtype, jnp.arange(3, dtype=jnp.uint8).cumsum().dtype)
print(jnp.float16(65504) * 2, jnp.bfloat16(1.0) + jnp.bfloat16(0.001), jnp.array(1e-8, jnp.float16))
print(jnp.matmul(a16[None], jnp.ones((3, 2), jnp.bfloat16)).dtype, jnp.einsum("i,i->", a16, a16, preferred_element_type=jnp.float32).dtype)
print(jax.lax.dot(a16, a16, preferred_element_type=jnp.float32), jax.lax.convert_element_type(3.7, jnp.int32))
print(jnp.astype(jnp.arange(3.0), jnp.bool_), jnp.arange(300).astype(jnp.uint8)[-3:], jnp.array(-1.5).astype(jnp.uint32))
print(jax.lax.reduce_precision(jnp.float32(1.2345678), exponent_bits=8, mantissa_bits=7), jnp.float32(1.2345678).astype(jnp.bfloat16))
print(jnp.issubdtype(jnp.bfloat16, jnp.floating), jnp.issubdtype(jnp.int8, jnp.signedinteger), jnp.dtype("bfloat16").itemsize)
print(jax.dtypes.canonicalize_dtype(jnp.float64), jax.dtypes.is_weakly_typed(jnp.float32(1) + 1.0), jax.dtypes.is_weakly_typed(jnp.asarray(1.0)))
print(jnp.array([1, 2], jnp.int4) if hasattr(jnp, "int4") else None, jnp.array(3.0, jnp.float8_e4m3fn) * 3)
