# jax.dlpack: from_dlpack of NumPy arrays (copy semantics, dtypes), NumPy's from_dlpack of a
# JAX array, __dlpack__ / __dlpack_device__, round trips of integer / bool / float16 arrays
# and of a jitted result, and jnp.from_dlpack
import jax
import jax.dlpack
import jax.numpy as jnp
import numpy as np

a = np.arange(12, dtype=np.float32).reshape(3, 4)
x = jax.dlpack.from_dlpack(a)
print(type(x).__name__, x.dtype, x.shape)
print(x)
a[0, 0] = 100.0
print(float(x[0, 0]) in (0.0, 100.0))
y = jnp.from_dlpack(np.arange(5, dtype=np.int32))
print(y, y.dtype)

z = jnp.linspace(0.0, 1.0, 5)
n = np.from_dlpack(z)
print(type(n).__name__, n.dtype, n)
print(z.__dlpack_device__())
for dtype in [np.int8, np.uint16, np.float16, np.bool_, np.int64]:
    arr = np.arange(4).astype(dtype)
    back = np.from_dlpack(jax.dlpack.from_dlpack(arr))
    print(dtype.__name__, back.dtype, back.tolist())

r = jax.jit(lambda v: v * 2 + 1)(jnp.arange(4.0))
print(np.from_dlpack(r))
cap = r.__dlpack__()
print(type(cap).__name__)
print(jnp.from_dlpack(r) is not None, jnp.array_equal(jnp.from_dlpack(r), r))
