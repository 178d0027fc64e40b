# The dtype= arguments of jax.numpy's constructors and functions (the "Default dtypes" page):
# arange / linspace / eye / full / zeros_like with dtypes, integer linspace rounding, dtype
# strings and NumPy types and Python types, astype with copy, jnp.dtype / can_cast /
# promote_types / issubdtype / isdtype, iinfo / finfo fields, result_type of weak values, and
# the float0 dtype of integer gradients
import jax
import jax.numpy as jnp
import numpy as np

print(jnp.arange(5, dtype=jnp.float16), jnp.arange(0.0, 1.0, 0.25, dtype="float32").dtype)
print(
    jnp.linspace(0, 10, 4, dtype=jnp.int32),
    jnp.linspace(-5, 5, 4, dtype=int),
    jnp.linspace(0, 1, 3, dtype=np.float16),
)
print(
    jnp.eye(2, 3, k=1, dtype=bool),
    jnp.full((2,), 7, dtype="uint8"),
    jnp.zeros_like(jnp.ones(2), dtype=jnp.complex64),
)
print(
    jnp.ones(2, dtype=float).dtype,
    jnp.ones(2, dtype=int).dtype,
    jnp.ones(2, dtype=complex).dtype,
    jnp.ones(2, dtype=bool).dtype,
)
x = jnp.arange(4)
print(x.astype("float16"), x.astype(jnp.bool_), x.astype(np.uint8, copy=True).dtype)
print(jnp.dtype("bfloat16"), jnp.dtype(jnp.float32), jnp.dtype(int), jnp.dtype("int4"))
print(
    jnp.can_cast(jnp.int32, jnp.float32),
    jnp.can_cast(jnp.float32, jnp.int32),
    jnp.can_cast(jnp.int8, jnp.int16, "safe"),
)
print(
    jnp.promote_types(jnp.int8, jnp.uint8),
    jnp.promote_types("bfloat16", "float16"),
    jnp.promote_types(jnp.int32, jnp.float16),
)
print(
    jnp.issubdtype(jnp.bfloat16, jnp.floating),
    jnp.issubdtype(jnp.int4, jnp.signedinteger),
    jnp.issubdtype(jnp.uint8, jnp.integer),
)
print(
    jnp.isdtype(jnp.float32, "real floating"),
    jnp.isdtype(jnp.complex64, ("integral", "complex floating")),
    jnp.isdtype(jnp.bool_, "bool"),
)
print(jnp.iinfo(jnp.int8).min, jnp.iinfo(jnp.uint16).max, jnp.iinfo(jnp.int4).bits)
f16 = jnp.finfo(jnp.float16)
print(
    f16.eps,
    f16.max,
    f16.tiny,
    f16.bits,
    jnp.finfo(jnp.bfloat16).eps,
    jnp.finfo(jnp.float32).resolution,
)
print(
    jnp.result_type(1, jnp.int8),
    jnp.result_type(1.0, jnp.int8),
    jnp.result_type(jnp.float16, 1j),
    jnp.result_type(2, 3.0),
)
print(
    jnp.result_type(jnp.array(1, jnp.uint8), jnp.array(1, jnp.int8)),
    jnp.result_type("float16", "int16"),
)
print(jax.grad(lambda v, n: v * n, argnums=1, allow_int=True)(2.0, 3))
print(jax.grad(lambda v, n: v * n, argnums=1, allow_int=True)(2.0, 3).dtype)
print(
    jax.dtypes.float0,
    jax.dtypes.canonicalize_dtype(np.float64),
    jax.dtypes.canonicalize_dtype(np.int64),
)
print(
    jnp.array(2**31 - 1),
    jnp.array(1.5, dtype=jnp.int32),
    jnp.array([1, 2.5]).dtype,
    jnp.array([1, 2j]).dtype,
)
print(
    jnp.uint32(7) // jnp.uint32(2),
    (jnp.int8(1) + 1.0).dtype,
    (jnp.float16(1) * 2).dtype,
    (jnp.int16(1) * jnp.uint16(1)).dtype,
)
