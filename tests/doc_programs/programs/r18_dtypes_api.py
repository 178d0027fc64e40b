# jax.dtypes and jax.numpy's dtype helpers: canonicalize_dtype, issubdtype over the abstract
# hierarchy (jnp.floating, jnp.inexact, jax.dtypes.extended / prng_key), result_type with weak
# Python scalars, promote_types, finfo / iinfo of narrow types, float0 and its tangents,
# jnp.isdtype kinds, can_cast, astype with copy, bfloat16 / float8 arithmetic
import jax
import jax.numpy as jnp
import numpy as np

print(jax.dtypes.canonicalize_dtype(np.float64), jax.dtypes.canonicalize_dtype(np.int64), jax.dtypes.canonicalize_dtype(np.complex128))
for dt in (jnp.bfloat16, jnp.float16, jnp.int8, jnp.uint32, jnp.bool_, jnp.complex64, jnp.float8_e4m3fn):
    print(jnp.dtype(dt).name, jnp.issubdtype(dt, jnp.floating), jnp.issubdtype(dt, jnp.inexact),
          jnp.issubdtype(dt, jnp.integer), jnp.issubdtype(dt, jnp.number))
k = jax.random.key(0)
print(jax.dtypes.issubdtype(k.dtype, jax.dtypes.extended), jax.dtypes.issubdtype(k.dtype, jax.dtypes.prng_key), jnp.issubdtype(k.dtype, jnp.number))
print(jnp.result_type(jnp.int8, 1), jnp.result_type(jnp.int8, 1.0), jnp.result_type(jnp.float16, 1.0), jnp.result_type(jnp.bfloat16, jnp.float16))
print(jnp.result_type(jnp.uint8, jnp.int8), jnp.result_type(jnp.uint32, jnp.int32), jnp.result_type(1, 2.0, 3j))
print(jnp.promote_types(jnp.int16, jnp.uint16), jnp.promote_types("float16", "int64"), jax.dtypes.result_type(3.0), jax.dtypes.result_type(jnp.float32(1)))
print(jax.dtypes.result_type(2.0, return_weak_type_flag=True), (jnp.asarray(1.0) * 2).weak_type)
for dt in (jnp.bfloat16, jnp.float16, jnp.float8_e5m2, jnp.float32):
    fi = jnp.finfo(dt)
    print(dt.__name__ if hasattr(dt, "__name__") else dt, fi.bits, fi.eps, fi.max, fi.tiny, fi.nmant, fi.nexp)
for dt in (jnp.int4, jnp.uint8, jnp.int16, jnp.int32):
    ii = jnp.iinfo(dt)
    print(ii.bits, ii.min, ii.max, ii.dtype)
f0 = jax.dtypes.float0
print(f0, np.zeros((2,), f0), np.zeros((), dtype=f0).dtype)
_, t = jax.jvp(lambda i, x: x * 2, (3, 1.0), (np.zeros((), f0), 1.0))
print(t)
print(jax.grad(lambda x, n: x**n, allow_int=True, argnums=(0, 1))(2.0, 3))
for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric"):
    print(kind, [jnp.isdtype(dt, kind) for dt in (jnp.bool_, jnp.int8, jnp.uint8, jnp.float32, jnp.complex64)])
print(jnp.isdtype(jnp.float32, (jnp.float32, jnp.float64)), jnp.isdtype(jnp.int8, ("integral", jnp.float32)))
print(jnp.can_cast(jnp.int8, jnp.int16), jnp.can_cast(jnp.float32, jnp.int32), jnp.can_cast(jnp.float32, jnp.float16, casting="same_kind"))
x = jnp.arange(3)
y = x.astype(jnp.float32)
print(y, y.dtype, x.astype("bfloat16"), jnp.astype(x, jnp.uint8, copy=True))
b = jnp.array([1.5, 2.25, 1e4], jnp.bfloat16)
print(b, b * 3, b.sum(), (b + 1).dtype, (b + np.float32(1)).dtype)
f8 = jnp.array([0.1, 1.0, 300.0], jnp.float8_e4m3fn)
print(f8, f8.astype(jnp.float32), (f8 * 2).dtype)
print(jnp.array(2**40).dtype if False else jnp.array(2**30).dtype, jnp.array(1e30).dtype, jnp.array(True).dtype, jnp.array(1 + 2j).dtype)
try:
    jnp.array(2**40)
except Exception as e:
    print(type(e).__name__)
print(jnp.zeros(2, dtype=int).dtype, jnp.zeros(2, dtype=float).dtype, jnp.zeros(2, dtype=complex).dtype, jnp.ones(2, "i2").dtype)
print(jnp.dtype("bfloat16"), jnp.dtype(jnp.int4).itemsize, jnp.bfloat16(1.5), jnp.float16(2) + jnp.bfloat16(1))
print(jax.numpy.float32(3).dtype, type(jnp.float32(3)).__name__, jnp.int8(100))
