# Moving between NumPy and jax.numpy: conversions, copies, NumPy functions on jax Arrays
import numpy as np
import jax
import jax.numpy as jnp

x = jnp.arange(6.).reshape(2, 3)
n = np.asarray(x)
print(type(n).__name__, n.dtype, n.flags.writeable, np.array(x).flags.writeable)
print(np.mean(x), np.sum(x, axis=0), type(np.sum(x, axis=0)).__name__)
print(type(np.sin(x)).__name__, type(np.float32(2) * x).__name__, type(x * np.float32(2)).__name__)
print(type(np.ones(3) + jnp.ones(3)).__name__, type(jnp.ones(3) + np.ones(3)).__name__)
print(np.concatenate([x, x]).shape, type(np.concatenate([x, x])).__name__, np.stack([x[0], x[1]]).dtype)
print(np.allclose(x, n), np.array_equal(x, n), np.testing.assert_allclose(x, n) is None)
print(jnp.asarray(np.arange(3, dtype=np.int64)).dtype, jnp.asarray(np.arange(3.)).dtype, jnp.array(np.float64(1.5)).dtype)
print(jnp.asarray([1, 2.5]).dtype, jnp.asarray([[1, 2], [3, 4]], dtype=jnp.int8), jnp.array([jnp.ones(2), np.zeros(2)]))
print(jnp.array((1, 2, 3)), jnp.array([True, 2]), jnp.asarray(3 + 0j).dtype, jnp.array([np.int8(1), np.int16(2)]).dtype)
n = np.array(x)
y = jnp.array(n)
n[0, 0] = 100.
print(y[0, 0], x[0, 0])
z = jnp.asarray(n, copy=True)
print(z[0, 0], jnp.asarray(x, copy=False) is x, jnp.array(x, copy=False) is x)
print(jax.device_get(x).dtype, type(jax.device_get(x)).__name__, jax.device_get([x, 1.0]))
print(x.tolist(), x[0].tolist(), x.item(1), jnp.float32(2.5).item())
print(np.array(x, dtype=np.int32), x.astype(np.int16).dtype, jnp.astype(x, jnp.uint8) if hasattr(jnp, "astype") else None)
print(jnp.from_dlpack(x).shape if hasattr(jnp, "from_dlpack") else None, np.from_dlpack(x).shape)
print(jnp.frombuffer(np.arange(4, dtype=np.int32).tobytes(), dtype=jnp.int32))
print(jnp.fromfunction(lambda i, j: i * 10 + j, (2, 3), dtype=jnp.int32))
try:
    jnp.fromiter(range(4), dtype=jnp.float32)
except NotImplementedError:
    print("NotImplementedError")
print(x.__array__().shape, len(x), x.T.shape, x.mT.shape)
print(jnp.isscalar(jnp.float32(1)), np.isscalar(jnp.float32(1)), jnp.ndim(3), jnp.shape([[1, 2]]), jnp.size(x))
print(isinstance(x, jax.Array), isinstance(n, jax.Array), isinstance(jnp.float32(1), jax.Array))
print(jnp.issubdtype(x.dtype, jnp.floating), jnp.issubdtype(jnp.int8, jnp.integer), jnp.dtype("float32") == np.float32)
print(jnp.can_cast(jnp.int32, jnp.float32), jnp.promote_types(jnp.int8, jnp.uint8), jnp.result_type(x, 1, 2.0))
print(jnp.float32(3).dtype, jnp.int8(100), jnp.bool_(2))
print(float(jnp.sum(x)), int(jnp.argmax(x)), list(map(int, jnp.arange(3))), x.flatten()[np.int64(2)])
print(x[np.array([0, 1])].shape, x[np.array([True, False])].shape, x[:, np.newaxis].shape, x[..., np.int32(1)])
print(np.where(n > 2, n, 0).sum(), jnp.where(x > 2, x, 0).sum(), np.asarray(jnp.where(x > 2)[1]))
