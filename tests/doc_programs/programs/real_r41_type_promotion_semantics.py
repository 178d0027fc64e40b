# "Type promotion semantics": the lattice through jnp.promote_types and result_type, weak
# Python scalars, mixed int / unsigned / float / complex operands, bfloat16 with float16,
# int8 + uint8, weak_type printed by typeof, jnp.asarray of Python scalars, and the
# overflow of an int8 sum with a Python int
import jax
import jax.numpy as jnp
import numpy as np

types = [jnp.bool_, jnp.uint8, jnp.int8, jnp.int16, jnp.int32, jnp.uint32, jnp.bfloat16, jnp.float16, jnp.float32, jnp.complex64]
for a in types:
    print(jnp.dtype(a).name, [jnp.promote_types(a, b).name for b in types])

print(jnp.result_type(jnp.int8, 1), jnp.result_type(jnp.int8, 1.0), jnp.result_type(jnp.float16, 1j))
print(jnp.result_type(jnp.uint8, jnp.int8), jnp.result_type(jnp.uint32, jnp.int32))
print(jnp.result_type(jnp.bfloat16, jnp.float16), jnp.result_type(jnp.int32, jnp.bfloat16))
print(jnp.result_type(int, float), jnp.result_type(jnp.int16, int, float))

x = jnp.arange(5, dtype="int8")
print((2 * x).dtype, (2.0 * x).dtype, (x + jnp.int16(2)).dtype)
print((jnp.int8(100) + 100), (jnp.int8(100) + 100).dtype)
y = jnp.array(2)
print(jax.typeof(y), jax.typeof(jnp.asarray(2.0)), jax.typeof(2 * x))
print(jax.jit(lambda v: (v, v * 2.0))(3))
print(jax.typeof(jax.jit(lambda v: v)(3.0)))
print((jnp.uint8(200) + jnp.int8(10)).dtype, jnp.uint8(200) + jnp.int8(10))
print((jnp.bfloat16(1.5) * jnp.float16(2)).dtype)
print((jnp.float16(1) + jnp.complex64(1j)).dtype, (jnp.int32(1) * 1j).dtype)
print((jnp.ones(3, jnp.bool_) + jnp.ones(3, jnp.bool_)).dtype)
print(jnp.float32(1) + np.float64(1), (jnp.float32(1) + np.float64(1)).dtype)
print((jnp.int32(1) + np.int64(1)).dtype, (np.int8(1) + jnp.uint16(1)).dtype)
print(jnp.array([1, 2.0]).dtype, jnp.array([True, 2]).dtype, jnp.array([1, 1j]).dtype)
print(jnp.dtype(jnp.float_) if hasattr(jnp, "float_") else "no float_", jnp.zeros(2).dtype)
print(jnp.sum(jnp.ones(3, jnp.int8)).dtype, jnp.mean(jnp.ones(3, jnp.int8)).dtype)
print(jnp.cumsum(jnp.ones(3, jnp.uint8)).dtype, jnp.prod(jnp.ones(2, jnp.bool_)).dtype)
print((jnp.arange(3) / 2).dtype, (jnp.arange(3) // 2).dtype, (jnp.arange(3, dtype=jnp.uint8) / 2).dtype)
print(jnp.sqrt(jnp.int32(4)).dtype, jnp.exp(jnp.int8(1)).dtype, jnp.abs(jnp.complex64(3 + 4j)).dtype)
print(jnp.where(True, jnp.int8(1), 2.5).dtype, jnp.maximum(jnp.uint8(3), 300).dtype)
try:
    jnp.uint8(3) + 300
    print("no error")
except OverflowError as e:
    print(type(e).__name__)
print(jax.typeof(jnp.asarray(1.0)).weak_type, jax.typeof(jnp.float32(1.0)).weak_type)
with jax.numpy_dtype_promotion("strict"):
    try:
        jnp.int32(1) + jnp.float32(1)
    except jax.dtypes.TypePromotionError as e:
        print(type(e).__name__)
    print((jnp.float32(1) + 1.0).dtype)
print(jax.dtypes.canonicalize_dtype(np.float64), jax.dtypes.canonicalize_dtype(np.int64))
print(np.array(jnp.bfloat16(1.25)).dtype, jnp.finfo(jnp.bfloat16).eps, jnp.iinfo(jnp.int8).max)
