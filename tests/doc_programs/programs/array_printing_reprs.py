# How jax.Array values print: repr / str of dtypes, weak types, shapes and large arrays
import numpy as np
import jax
import jax.numpy as jnp

print(repr(jnp.array(1.5)), repr(jnp.float32(1.5)), repr(jnp.array(3)))
print(repr(jnp.arange(5, dtype=jnp.int8)), repr(jnp.arange(3, dtype=jnp.uint32)))
print(repr(jnp.array([1.5, 2.25], jnp.bfloat16)), repr(jnp.array([1.5, 2.25], jnp.float16)))
print(repr(jnp.array([True, False])), repr(jnp.array([1 + 2j, 3 - 1j])))
print(repr(jnp.zeros((0,))), repr(jnp.zeros((2, 0))), repr(jnp.ones((0, 3), jnp.int32)))
print(repr(jnp.arange(12.).reshape(3, 4)))
print(str(jnp.arange(12.).reshape(3, 4)))
print(repr(jnp.arange(2000)))
print(jnp.arange(2000.).reshape(40, 50))
print(repr(jnp.linspace(0, 1, 7)))
print(repr(jnp.array([1e-8, 1.0, 1e8])), jnp.array([1e-8, 1.0, 1e8]))
print(repr(jnp.array([jnp.nan, jnp.inf, -jnp.inf])))
print(repr(jnp.float32(3) * 2), repr(2 * jnp.ones(2)), repr(jnp.ones(2) + 1.5))
print(repr(jnp.arange(24).reshape(2, 3, 4)))
with np.printoptions(precision=2, suppress=True):
    print(jnp.array([0.123456, 1e-9, 12345.6789]))
print(f"{jnp.float32(2.5)}", f"{jnp.array(7)}", f"{jnp.float32(1/3):.3f}", "{:>8}".format(jnp.int32(42)))
print(jnp.array(2.5).item(), type(jnp.array(2.5).item()).__name__, jnp.arange(3).tolist())
print(float(jnp.array(2.5)), int(jnp.array(7)), complex(jnp.array(1 + 1j)), bool(jnp.array(0)))
print(jnp.array([[1, 2], [3, 4]]).__array__().dtype, np.asarray(jnp.ones(2, jnp.bfloat16)).dtype)
print(jax.device_get({"a": jnp.arange(2), "b": (jnp.ones(1),)}))
print(repr(jnp.iinfo(jnp.int8)), jnp.finfo(jnp.bfloat16).eps, jnp.finfo(jnp.float16).max)
print(jnp.array([1, 2], dtype=jnp.int16).dtype.name, jnp.result_type(jnp.int8, jnp.uint8))
print(repr(jax.ShapeDtypeStruct((2, 3), jnp.float32)))
print(repr(jnp.array([1.0, 2.0]).at))
x = jnp.arange(6.0).reshape(2, 3)
print(x.shape, x.ndim, x.size, x.dtype, x.itemsize, x.nbytes, x.weak_type if hasattr(x, 'weak_type') else None)
print(len(x), list(x), [float(v) for v in x[0]])
