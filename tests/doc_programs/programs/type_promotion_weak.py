# Type promotion semantics: weak types, the lattice, strict promotion, and NumPy comparisons
import numpy as np
import jax
import jax.numpy as jnp
from jax import dtypes

print(jnp.promote_types(jnp.int8, jnp.uint8), jnp.promote_types(jnp.bfloat16, jnp.float16))
print(jnp.promote_types(jnp.int32, jnp.float16), jnp.promote_types(jnp.uint32, jnp.int64))
print(jnp.promote_types('bool', 'int8'), jnp.promote_types(jnp.complex64, jnp.float64))
print(np.promote_types(np.int8, np.uint8), np.promote_types(np.int32, np.float16))
x = jnp.int8(1)
print((x + 1).dtype, (x + 1.).dtype, (x + 1j).dtype, (x + True).dtype)
print((jnp.bfloat16(1) + 1.).dtype, (jnp.float16(2) * 2).dtype)
print((jnp.uint8(1) + jnp.int8(1)).dtype, (jnp.uint32(1) + jnp.int32(1)).dtype)
print((jnp.int32(1) + jnp.float16(1)).dtype, (jnp.float16(1) + jnp.bfloat16(1)).dtype)
print((jnp.arange(3) + 1.5).dtype, (jnp.arange(3, dtype='uint16') * 2).dtype)
print(jax.typeof(jnp.asarray(1.)).weak_type, jax.typeof(jnp.float32(1.)).weak_type)
print(jnp.asarray(1.), jnp.float32(1.))
print(jax.make_jaxpr(lambda x: x + 1)(jnp.int8(1)))
print(jax.make_jaxpr(lambda: jnp.asarray(1.) * 2)())
print(dtypes.result_type(jnp.int8, 1), dtypes.result_type(jnp.int8, 1.))
print(jnp.result_type(np.float32, int), jnp.result_type(jnp.uint8, float))
print(jnp.result_type(1, 1.0), jnp.result_type(1, 1.0, 1j))
# numpy arrays are not weak
print((jnp.int8(1) + np.int32(1)).dtype, (jnp.int8(1) + np.array(1)).dtype)
# strict promotion
with jax.numpy_dtype_promotion('strict'):
    try:
        jnp.int32(1) + jnp.float32(1)
    except Exception as e:
        print(type(e).__name__)
    print((jnp.float32(1) + 1.).dtype)
    try:
        jnp.int8(1) + jnp.int16(1)
    except Exception as e:
        print(type(e).__name__)
with jax.numpy_dtype_promotion('standard'):
    print((jnp.int8(1) + jnp.int16(1)).dtype)
# table across a few types
types = [jnp.bool_, jnp.uint8, jnp.int8, jnp.int16, jnp.bfloat16, jnp.float16, jnp.float32]
for a in types:
    print(a.__name__.ljust(9), ' '.join(jnp.promote_types(a, b).name.rjust(8) for b in types))
# weak values keep the other operand's dtype even when out of range
print(jnp.uint8(200) + 100, jnp.int8(5) * 100)
try:
    jnp.int8(1) + 1000
except OverflowError as e:
    print(type(e).__name__)
print(jnp.float16(1) + 1e10)
print(jax.numpy.array([1, 2], dtype=jnp.int16) // 2.)
print(jnp.true_divide(jnp.int8(7), 2).dtype, (jnp.int8(7) / jnp.int8(2)).dtype)
print(jnp.array(3, dtype=jnp.uint8) ** 2, (jnp.arange(3, dtype=jnp.int16) ** 2.).dtype)
