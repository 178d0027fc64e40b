# jax.numpy's newer low-precision types from the dtypes docs: float8_e3m4, float8_e4m3,
# float8_e8m0fnu, float4_e2m1fn (and the float6 names), their finfo, casts and rounding,
# arithmetic that does not promote implicitly, dtypes.issubdtype / result_type, and jnp.int1 /
# uint1 next to int2 / uint2
import jax
import jax.numpy as jnp
import numpy as np

vals = jnp.array([0.1, 0.5, 1.0, 1.7, 3.3, -6.0, 100.0], jnp.float32)
for t in [jnp.float8_e3m4, jnp.float8_e4m3, jnp.float8_e8m0fnu, jnp.float4_e2m1fn]:
    x = vals.astype(t)
    fi = jnp.finfo(t)
    print(jnp.dtype(t).name, x.dtype, fi.bits, float(fi.max), float(fi.eps))
    print(x.astype(jnp.float32))
print(jnp.dtype(jnp.float6_e2m3fn).name, jnp.dtype(jnp.float6_e3m2fn).name)
print(jnp.finfo(jnp.float6_e2m3fn).max, jnp.finfo(jnp.float6_e3m2fn).max)

a = jnp.array([1.0, 2.0], jnp.float8_e4m3)
b = jnp.array([0.5, 0.25], jnp.float8_e4m3)
print((a + b).dtype, (a * b).astype(jnp.float32))
try:
    a + jnp.array([1.0, 2.0], jnp.float8_e3m4)
except Exception as e:
    print(type(e).__name__)
try:
    jnp.promote_types(jnp.float8_e4m3, jnp.float32)
except Exception as e:
    print(type(e).__name__)
print(jnp.promote_types(jnp.float8_e4m3, jnp.float8_e4m3), jnp.result_type(jnp.float4_e2m1fn))
print(jnp.issubdtype(jnp.float8_e8m0fnu, jnp.floating), jax.dtypes.issubdtype(jnp.float4_e2m1fn, jnp.inexact))
print(jax.jit(lambda x: (x.astype(jnp.float32) * 2).astype(jnp.float8_e3m4))(jnp.array([0.75, 1.5], jnp.float8_e3m4)))
print(np.asarray(jnp.array([2.0, 4.0], jnp.float8_e8m0fnu)).dtype)
print(jnp.dtype(jnp.int1).name if hasattr(jnp, "int1") else None, jnp.iinfo(jnp.int2).min, jnp.iinfo(jnp.uint2).max)
print(jnp.array([1, -1, 0], jnp.int2), jnp.array([0, 1, 3], jnp.uint2))
print(jnp.array([1, 1], jnp.int2).dtype)
try:
    jnp.array([3, 1, 2], jnp.uint2).sum()  # no NumPy iinfo for 2-bit integers
except ValueError as e:
    print(type(e).__name__)
