# Type promotion semantics: the promotion table of jnp.promote_types over JAX's types (with the
# weakly typed Python scalars i*, f*, c*), printed as the doc page's table, and jnp.result_type
import jax
import jax.numpy as jnp
import numpy as np

types = [jnp.bool_, jnp.uint8, jnp.uint16, jnp.uint32, jnp.int8, jnp.int16, jnp.int32,
         jnp.bfloat16, jnp.float16, jnp.float32, jnp.complex64]
names = ["b1", "u1", "u2", "u4", "i1", "i2", "i4", "bf", "f2", "f4", "c8"]
weak = {"i*": 1, "f*": 1.0, "c*": 1j}


def short(dtype):
    dtype = jnp.dtype(dtype)
    return {"bool": "b1", "bfloat16": "bf"}.get(dtype.name, dtype.kind + str(dtype.itemsize))


def value(name):
    if name in weak:
        return weak[name]
    return jnp.zeros((), types[names.index(name)])


cols = names + list(weak)
print("    " + " ".join(f"{c:>3}" for c in cols))
for r in cols:
    row = []
    for c in cols:
        out = jnp.add(value(r), value(c))
        tag = short(out.dtype) + ("*" if getattr(out, "weak_type", False) else "")
        row.append(f"{tag:>3}")
    print(f"{r:>3} " + " ".join(row))

for a in types[:7]:
    print(a.__name__, [jnp.promote_types(a, b).name for b in types])
print(jnp.result_type(jnp.int8, 1.0), jnp.result_type(jnp.uint8, 300), jnp.result_type(np.float16, 2))
print(jnp.result_type(jnp.int32, jnp.uint32), jnp.result_type(jnp.bfloat16, jnp.float16))
print((jnp.int8(3) + 200).dtype, (jnp.float16(1) * 3.5).dtype, (jnp.uint8(2) - 1).dtype)
x = jnp.arange(3, dtype=jnp.int8)
print((x + 1).dtype, (x * 1.5).dtype, (x / 2).dtype, (x // 2).dtype, (x ** 2).dtype)
print((jnp.float32(1) + 1).weak_type, jnp.asarray(1.0).weak_type, jax.dtypes.canonicalize_dtype(jnp.float64))
print(jnp.promote_types("float32", "int64"), jnp.promote_types(jnp.uint8, jnp.int8))
try:
    with jax.numpy_dtype_promotion("strict"):
        jnp.add(jnp.int8(1), jnp.int16(1))
except Exception as e:
    print(type(e).__name__)
with jax.numpy_dtype_promotion("strict"):
    print((jnp.float32(1) + 2.0).dtype)
