# "Type promotion semantics": the promotion table over bool / unsigned / signed / floating /
# complex with weak Python scalars (b, i*, f*, c*), printed as JAX's docs print it, by
# jnp.promote_types and by the dtypes of actual additions; weak results, numpy scalars vs
# Python scalars, jax_numpy_dtype_promotion='strict', and overflow of weak ints
import jax
import jax.numpy as jnp
import numpy as np

types = [jnp.bool_, jnp.uint8, jnp.uint16, jnp.uint32, jnp.int8, jnp.int16, jnp.int32,
         jnp.bfloat16, jnp.float16, jnp.float32, jnp.complex64]
names = {jnp.dtype(t): c for t, c in zip(types, ["b1", "u1", "u2", "u4", "i1", "i2", "i4", "bf", "f2", "f4", "c8"])}
names[jnp.dtype("int64")] = "i8"
names[jnp.dtype("uint64")] = "u8"
names[jnp.dtype("float64")] = "f8"
weak = {"i*": 1, "f*": 1.0, "c*": 1j}


def code(x):
    d = jnp.asarray(x).dtype if not isinstance(x, np.dtype) else x
    c = names.get(d, str(d))
    return c.replace("4", "*") if getattr(x, "weak_type", False) else c


print("     " + " ".join(f"{names[jnp.dtype(t)]:>3}" for t in types) + "  i*  f*  c*")
for t1 in types:
    row = []
    for t2 in types:
        row.append(names.get(jnp.promote_types(t1, t2), str(jnp.promote_types(t1, t2))))
    for w in weak.values():
        r = jnp.zeros((), t1) + w
        row.append(code(r))
    print(f"{names[jnp.dtype(t1)]:>3}: " + " ".join(f"{c:>3}" for c in row))
row = []
for w1 in weak.values():
    row.append(" ".join(code(jnp.asarray(w1) + w2) for w2 in weak.values()))
print(row)
for t in types:
    r = jnp.ones(2, t) * 2
    print(names[jnp.dtype(t)], r.dtype, r.weak_type, (jnp.ones(2, t) + np.float32(1)).dtype, (jnp.ones(2, t) + np.int8(1)).dtype)
print(jnp.asarray(2).weak_type, jnp.array(2).weak_type, jnp.int32(2).weak_type, (jnp.asarray(2) + 1).weak_type)
print(jnp.add(jnp.float16(1), 2.0).dtype, (jnp.uint8(250) + 10), (jnp.int8(-128) - 1))
try:
    jnp.uint8(3) + 300
except OverflowError as e:
    print("OverflowError", str(e)[:50])
print(jnp.array([1, 2], jnp.uint32) - 3, jnp.array([1, 2], jnp.int8) * 100)
with jax.numpy_dtype_promotion("strict"):
    print((jnp.float32(1) + 1.0).dtype, (jnp.int8(1) + 1).dtype)
    try:
        jnp.float32(1) + jnp.float16(1)
    except Exception as e:
        print(type(e).__name__)
    try:
        jnp.int32(1) + jnp.uint8(1)
    except Exception as e:
        print(type(e).__name__)
with jax.numpy_dtype_promotion("standard"):
    print((jnp.float32(1) + jnp.float16(1)).dtype)
print(jnp.result_type(np.int64, np.float16), jnp.result_type(jnp.bfloat16, np.int64), jnp.result_type(True, 1))
print(np.result_type(np.int8, np.uint8), jnp.result_type(np.int8, np.uint8), jnp.result_type(np.uint32, np.int64))
print(jnp.true_divide(jnp.int8(3), jnp.int8(2)).dtype, jnp.floor_divide(jnp.uint8(7), 2).dtype, (jnp.int16(3) / 2).dtype)
print(jnp.sqrt(jnp.int8(4)).dtype, jnp.sqrt(4).dtype, jnp.sin(jnp.bool_(True)).dtype, jnp.exp(jnp.uint16(1)).dtype)
print(jnp.mean(jnp.arange(4, dtype=jnp.int8)).dtype, jnp.sum(jnp.arange(4, dtype=jnp.int8)).dtype, jnp.sum(jnp.ones(3, jnp.bool_)).dtype)
print(jnp.cumsum(jnp.ones(3, jnp.uint8)).dtype, jnp.prod(jnp.ones(3, jnp.int16)).dtype, jnp.var(jnp.ones(3, jnp.float16)).dtype)
