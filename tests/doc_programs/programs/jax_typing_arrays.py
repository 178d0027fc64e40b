# jax.typing and jax.Array: annotations, isinstance checks, conversions, np interop
import numpy as np
import jax
import jax.numpy as jnp
from jax.typing import ArrayLike, DTypeLike


def my_function(x: ArrayLike, dtype: DTypeLike = jnp.float32) -> jax.Array:
    x = jnp.asarray(x, dtype=dtype)
    return jnp.sin(x) + 1


print(my_function(1), my_function([1., 2.]), my_function(np.arange(2), 'float16'))
print(isinstance(jnp.ones(2), jax.Array), isinstance(np.ones(2), jax.Array), isinstance(1., jax.Array))


@jax.jit
def check(x):
    print(isinstance(x, jax.Array), type(x).__name__ == 'DynamicJaxprTracer' or True)
    return x


check(1.)
print(jax.typing.ArrayLike is not None)
a = jnp.arange(6, dtype=jnp.float32).reshape(2, 3)
print(np.asarray(a).dtype, type(np.asarray(a)).__name__)
print(a.tolist(), a[0, 1].item(), float(a[1, 2]), int(a[1, 0]))
print(np.array(a) + 1, a.__array__().shape)
print(jnp.asarray(np.float64(1.5)).dtype, jnp.array(np.arange(3, dtype=np.int64)).dtype)
print(jnp.array([1, 2.5]).dtype, jnp.array([True, 2]).dtype, jnp.array([1j]).dtype)
print(jnp.asarray(jnp.ones(2, jnp.int8)).dtype, jnp.array(a, copy=True) is a)
print(a.ndim, a.size, a.nbytes, a.itemsize, a.shape, a.dtype, len(a))
print(a.T.shape, a.mT.shape, a.real.dtype, a.imag.sum())
print(jnp.ones(3).at, type(a.at).__name__)
print(repr(jnp.float32(3.)), repr(jnp.array(3)), repr(jnp.array([1.5], jnp.bfloat16)))
print(repr(jnp.zeros((2, 0))), repr(jnp.array([], jnp.int32)))
print(str(jnp.arange(3)), f"{jnp.float32(2.5):.3f}", f"{jnp.arange(2)}")
print(hash(jnp.dtype('float32')) == hash(np.dtype('float32')))
try:
    hash(jnp.ones(2))
except TypeError as e:
    print(type(e).__name__)
print(jnp.ones(2).__jax_array__ if hasattr(jnp.ones(2), '__jax_array__') else 'no __jax_array__')
print(jax.dtypes.canonicalize_dtype(np.float64), jax.dtypes.canonicalize_dtype(np.int64))
print(jnp.finfo(jnp.bfloat16).eps, jnp.iinfo(jnp.int16).max, jnp.finfo(jnp.float16).max)
print(jax.numpy.dtype('bfloat16'), jnp.bfloat16(1.5) + 1)
print(bool(jnp.array(True)), jnp.array(1) == 1, (jnp.arange(3) == jnp.array([0, 5, 2])).all())
print(jnp.array([[1, 2], [3, 4]]) @ jnp.array([1, 1]), divmod(jnp.array(7), 2))
print(abs(jnp.array(-2)), -jnp.array(2), +jnp.array(2), ~jnp.array(2), jnp.array(5) % 3, 2 ** jnp.array(3))
print(round(jnp.float32(2.567), 1), jnp.round(jnp.float32(2.567), 1))
print(list(jnp.arange(3)), [int(v) for v in jnp.arange(3)], *jnp.arange(2))
print(jnp.arange(4).reshape(2, 2).flatten(), jnp.arange(4).ravel().copy().view(jnp.float32).dtype)
print(jnp.arange(3.).astype(int).dtype, jnp.arange(3).astype(bool))
print(jnp.ones(2).device, jax.devices()[0] in jnp.ones(2).devices())
