# dtype utilities and Array reprs: jnp.iinfo / finfo reprs and fields, result_type, promote_types,
# can_cast, issubdtype, isdtype, dtype objects and scalar types, jnp.printoptions, Array repr /
# str / format, astype, view, item / tolist, weak types, jax.dtypes
import numpy as np
import jax
import jax.numpy as jnp
from jax import dtypes

print(jnp.iinfo(jnp.int8))
print(jnp.iinfo(jnp.uint16).max, jnp.iinfo(jnp.int32).min, jnp.iinfo('int64').bits)
f = jnp.finfo(jnp.float16)
print(f.eps, f.max, f.tiny, f.bits, f.dtype, f.resolution)
print(jnp.finfo(jnp.bfloat16).eps, jnp.finfo(jnp.bfloat16).max)
print(jnp.finfo(jnp.float32).smallest_normal, jnp.finfo(jnp.complex64).dtype)
print(jnp.result_type(jnp.int8, jnp.uint8), jnp.result_type(1, jnp.float16), jnp.result_type(1.0, 2))
print(jnp.promote_types(jnp.int8, jnp.float16), jnp.promote_types('bfloat16', 'float16'))
print(jnp.can_cast(jnp.int8, jnp.int16), jnp.can_cast(jnp.float32, jnp.int32))
print(jnp.can_cast(jnp.int32, jnp.float32, casting='same_kind'))
print(jnp.issubdtype(jnp.float32, jnp.floating), jnp.issubdtype(jnp.int8, jnp.inexact))
print(jnp.issubdtype(jnp.bfloat16, jnp.floating), jnp.issubdtype('int32', jnp.integer))
print(jnp.isdtype(jnp.float32, 'real floating'), jnp.isdtype(jnp.int8, ('bool', 'integral')))
print(jnp.isdtype(jnp.complex64, 'complex floating'), jnp.isdtype(jnp.uint8, 'signed integer'))
print(jnp.dtype('float32'), jnp.float32(3), type(jnp.float32(3)).__name__)
print(jnp.int16(7).dtype, jnp.bool_(1), jnp.complex64(1 + 2j))
print(dtypes.canonicalize_dtype(np.float64), dtypes.canonicalize_dtype(np.int64))
print(jnp.asarray(1.0) + jnp.float16(2))
print(dtypes.float0, dtypes.issubdtype(dtypes.float0, np.floating))

x = jnp.array([1.123456789, 2.0, 1e-5])
print(repr(x))
print(x)
with jnp.printoptions(precision=3):
    print(x)
with jnp.printoptions(suppress=True, precision=2):
    print(repr(x))
print(f"{jnp.float32(2.5):.3f}", f"{jnp.array(3):>4}", format(jnp.array(1.5), ".1e"))
print(repr(jnp.arange(3, dtype=jnp.int8)), repr(jnp.array(True)), repr(jnp.array([], jnp.int32)))
print(repr(jnp.array([1 + 2j, 3j], jnp.complex64)))
print(repr(jnp.ones((2, 2), jnp.bfloat16)))
print(repr(jnp.asarray(2.0)), repr(jnp.asarray(2)))
y = jnp.arange(4, dtype=jnp.int32)
print(y.astype(jnp.float16), y.astype('bool'), y.view(jnp.uint32), y.view(jnp.float32)[1])
print(y.item(2), type(y.item(2)).__name__, y.tolist(), type(y.tolist()[0]).__name__)
print(y.dtype, y.shape, y.ndim, y.size, y.nbytes, y.itemsize, y.weak_type, jnp.asarray(1).weak_type)
print(int(y[3]), float(y[1]), complex(y[2]), bool(y[0]), y.__index__() if y.ndim == 0 else "n/a")
print(np.asarray(y).dtype, y.__array__().tolist(), len(y), list(y)[1])
print(y.T.shape, y.reshape(2, 2).mT, y.real, y.imag, y.conj())
print(jnp.zeros(3).dtype, jnp.arange(3).dtype, jnp.array(1 + 1j).dtype)
