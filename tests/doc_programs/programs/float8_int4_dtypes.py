# Narrow dtypes in jax.numpy (the dtypes docs): float8 variants, bfloat16, int4 / uint4 values,
# finfo / iinfo of them, conversions and promotion with them, and arithmetic results' dtypes.
import numpy as np
import jax
import jax.numpy as jnp

for name in ["float8_e4m3fn", "float8_e5m2", "float8_e4m3b11fnuz", "float8_e4m3fnuz", "float8_e5m2fnuz", "bfloat16", "float16"]:
    dt = getattr(jnp, name)
    fi = jnp.finfo(dt)
    print(name, jnp.dtype(dt), fi.bits, fi.eps, fi.max, fi.min, fi.tiny)
x = jnp.array([0.1, 1.0, 3.3, 448.0, 500.0])
print(x.astype(jnp.float8_e4m3fn))
print(x.astype(jnp.float8_e5m2))
print(x.astype(jnp.bfloat16))
print(jnp.array([1.5, 2.25], jnp.float8_e4m3fn) + jnp.array([1.0, 1.0], jnp.float8_e4m3fn))
print((jnp.array([1.5], jnp.float8_e4m3fn) * 2).dtype, (jnp.array([1.5], jnp.float8_e4m3fn) * 2.0).dtype)
print(jnp.promote_types(jnp.bfloat16, jnp.float16), jnp.promote_types(jnp.bfloat16, jnp.int32))
for a, b in [(jnp.float8_e4m3fn, jnp.float32), (jnp.float8_e5m2, jnp.bfloat16), (jnp.float8_e4m3fn, jnp.float8_e5m2), (jnp.int4, jnp.float8_e4m3fn)]:
    try:
        print(jnp.promote_types(a, b))
    except Exception as e:
        print(type(e).__name__)
for a, b in [(jnp.int4, jnp.int8), (jnp.int4, 3), (jnp.uint4, jnp.int4), (jnp.int4, jnp.int4)]:
    try:
        print(jnp.result_type(a, b))
    except Exception as e:
        print(type(e).__name__)
print(jnp.iinfo(jnp.int4), jnp.iinfo(jnp.uint4).max, jnp.iinfo(jnp.int2).min if hasattr(jnp, "int2") else "no int2")
i4 = jnp.array([-8, -1, 0, 7], dtype=jnp.int4)
print(i4, i4.dtype, i4.astype(jnp.int32) * 2)
print((i4 + jnp.int4(1)).dtype, jnp.array([15], jnp.uint4).astype(jnp.uint8))
print(jnp.bfloat16(1.0) + 1e-3, jnp.float16(1.0) + 1e-3)
print(jnp.sum(jnp.ones(300, jnp.bfloat16)), jnp.sum(jnp.ones(300, jnp.bfloat16), dtype=jnp.float32))
print(jnp.mean(jnp.array([1.0, 2.0], jnp.bfloat16)).dtype, jnp.linalg.norm(jnp.ones(4, jnp.bfloat16)).dtype)
print(jax.grad(lambda x: (x * x).astype(jnp.float32))(jnp.bfloat16(3.0)))
print(jax.grad(lambda x: jnp.sum(x.astype(jnp.float8_e4m3fn).astype(jnp.float32)))(jnp.array([1.1, 2.2])))
print(np.asarray(jnp.array([1.0, 2.0], jnp.bfloat16)).dtype, np.asarray(jnp.array([1], jnp.int4)).dtype)
print(jnp.zeros(2, jnp.float8_e5m2), jnp.ones((1, 2), "bfloat16"))
print(jnp.issubdtype(jnp.float8_e4m3fn, jnp.floating), jnp.issubdtype(jnp.int4, jnp.signedinteger))
print(jnp.isdtype(jnp.bfloat16, "real floating"), jnp.dtype("bfloat16").itemsize)
print(jnp.arange(4, dtype=jnp.float8_e4m3fn), jnp.linspace(0, 1, 3, dtype=jnp.bfloat16))
print(repr(jnp.array(1.5, jnp.float8_e4m3fn)), repr(jnp.array([3], jnp.int4)))
