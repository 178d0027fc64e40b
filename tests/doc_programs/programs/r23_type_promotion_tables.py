# "Type promotion semantics": the promotion table over bool / unsigned / signed / floating /
# complex types and weakly typed Python scalars, printed as the page's table, jnp.promote_types
# and jnp.result_type against operations' results, weak types kept or lost, and the strict
# promotion mode's errors
import jax
import jax.numpy as jnp
import numpy as np

names = ["b1", "u1", "u2", "u4", "i1", "i2", "i4", "bf", "f2", "f4", "c8", "i*", "f*", "c*"]
values = {
    "b1": jnp.bool_(True),
    "u1": jnp.uint8(1),
    "u2": jnp.uint16(1),
    "u4": jnp.uint32(1),
    "i1": jnp.int8(1),
    "i2": jnp.int16(1),
    "i4": jnp.int32(1),
    "bf": jnp.bfloat16(1),
    "f2": jnp.float16(1),
    "f4": jnp.float32(1),
    "c8": jnp.complex64(1),
    "i*": 1,
    "f*": 1.0,
    "c*": 1j,
}
short = {
    "bool": "b1",
    "uint8": "u1",
    "uint16": "u2",
    "uint32": "u4",
    "int8": "i1",
    "int16": "i2",
    "int32": "i4",
    "bfloat16": "bf",
    "float16": "f2",
    "float32": "f4",
    "complex64": "c8",
}


def code(v):
    aval = jax.core.get_aval(v) if hasattr(jax, "core") else None
    dt = jnp.asarray(v).dtype.name
    weak = getattr(v, "weak_type", None)
    s = short.get(dt, dt)
    return s + ("*" if weak else "")


print("    " + " ".join(f"{n:>4}" for n in names))
for a in names:
    row = []
    for b in names:
        out = jnp.add(values[a], values[b])
        row.append(code(out))
    print(f"{a:>4}" + " ".join(f"{r:>4}" for r in row))

for a, b in [
    (jnp.int8, jnp.uint8),
    (jnp.int32, jnp.float16),
    (jnp.bfloat16, jnp.float16),
    (jnp.uint32, jnp.int8),
    (jnp.int16, jnp.complex64),
    (bool, jnp.int8),
]:
    print(a.__name__ if hasattr(a, "__name__") else a, b.__name__, jnp.promote_types(a, b))
print(jnp.result_type(1, 2.0), jnp.result_type(jnp.int8, 1), jnp.result_type(jnp.float16, 1.0))
print(
    jnp.result_type(np.float64), jnp.result_type(3, jnp.uint8(1)), jnp.result_type(1j, jnp.float16)
)
x = jnp.arange(3, dtype=jnp.int8)
print((x + 300).dtype, (x * 2.5).dtype, (x + jnp.int16(1)).dtype, (x.astype(jnp.uint8) - 1).dtype)
print(jnp.asarray(1).weak_type if hasattr(jnp.asarray(1), "weak_type") else None)
print(jax.jit(lambda a: a * 2)(jnp.float16(1)).dtype, jax.jit(lambda a: a * 2)(1).dtype)
print(jnp.array([1, 2.0]).dtype, jnp.array([1, 2], dtype=jnp.uint8).sum().dtype)
print(np.int8(1) + jnp.int16(1), (np.float64(1.0) * jnp.float16(2)).dtype)
with jax.numpy_dtype_promotion("strict"):
    for a, b in [
        (jnp.int8(1), jnp.int16(1)),
        (jnp.float32(1), 1.0),
        (jnp.int32(1), jnp.float32(1)),
    ]:
        try:
            print((a + b).dtype)
        except Exception as e:
            print(type(e).__name__, str(e).splitlines()[0])
