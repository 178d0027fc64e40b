# The jax.Array API: .at[] with get modes / fill values / apply / min / max / mul / divide /
# power, clip / round / item / tolist / nbytes / itemsize, reshapes with order, transposes,
# conj / real / imag, cumsum dtypes, argsort / sort with descending, view, copy, devices and
# placement attributes, global_shards and addressable_data
import jax
import jax.numpy as jnp
import numpy as np

x = jnp.arange(10.)
print(x.at[12].get(mode="fill", fill_value=-1.), x.at[jnp.array([1, 20])].get(mode="clip"))
print(x.at[jnp.array([1, 20])].get(mode="fill", fill_value=jnp.nan))
print(x.at[::3].apply(jnp.sqrt), x.at[:3].min(1.), x.at[-3:].max(8.5))
print(x.at[1::2].mul(-1), x.at[jnp.array([0, 0, 1])].add(1.), x.at[2].divide(4.), x.at[:4].power(2))
print(x.at[jnp.array([0, 0])].set(jnp.array([5., 6.]), unique_indices=False)[0])
print(x.at[15].set(1., mode="drop")[-1], x.at[jnp.array([3, 11])].add(100., mode="drop"))
m = x.reshape(2, 5)
print(m.clip(min=2., max=6.), m.clip(3.), (m / 3).round(2))
print(m[0, 1].item(), m[1].tolist(), m.nbytes, m.itemsize, m.ndim, m.size, m.dtype.name)
print(m.reshape(5, 2, order="F"), m.ravel(order="F"), m.flatten().shape, m.reshape(-1).shape)
print(m.T.shape, m.mT.shape, m.transpose(1, 0).shape, m.swapaxes(0, 1).shape, m[None].squeeze(0).shape)
z = jnp.array([1 + 2j, 3 - 1j])
print(z.conj(), z.real, z.imag, abs(z), z.conjugate())
i8 = jnp.array([100, 100, 100], jnp.int8)
print(i8.cumsum(), i8.cumsum(dtype=jnp.int32), i8.sum(), i8.sum(dtype=jnp.int8), i8.mean().dtype)
v = jnp.array([3., 1., 2., 1.])
print(v.argsort(), jnp.argsort(v, descending=True), jnp.argsort(v, stable=True), jnp.sort(v, descending=True))
print(v.argmax(), v.argmin(keepdims=True), v.cumprod(), v.prod(where=v > 1.), v.max(initial=5.))
print(v.std(ddof=1), v.var(), v.any(), (v > 2).all(), v.nonzero())
print(jnp.float32(1.).view(jnp.int32), jnp.arange(4, dtype=jnp.int32).view(jnp.uint8).shape)
c = m.copy()
print(c is m, (c == m).all(), m.astype(jnp.int16).dtype, m.astype("bfloat16").dtype)
print(x.devices() == {jax.devices()[0]}, x.committed, x.is_fully_addressable, x.is_fully_replicated)
y = jax.device_put(x, jax.devices()[2])
print(y.committed, y.devices(), y.sharding, jax.device_put(x).committed)
print(len(y.global_shards), y.addressable_data(0).shape, y.addressable_shards[0].device)
print(x.block_until_ready() is x, x.is_deleted(), np.asarray(m).flags["C_CONTIGUOUS"])
print(m.__array__().dtype, float(m[1, 1]), int(m[0, 3]), complex(z[0]), bool(m[0, 0] == 0))
print(m.diagonal(), m.trace(), m.dot(jnp.ones(5)), (m @ m.T).shape, m.take(jnp.array([0, 6])))
print(m.repeat(2, axis=0).shape, m.conj().dtype, m.compress(jnp.array([True, False]), axis=0))
print(m.sum(axis=1, keepdims=True).shape, m.min(axis=0), m.max(where=m < 7, initial=-1.), m.cumsum(axis=None).shape)
print(repr(jnp.array([1, 2], jnp.uint8)), str(jnp.array(3.5)), jnp.array([[1., 2.]]).__repr__())
print(hash(jnp.float32(0).dtype), len(m), list(jnp.arange(3)), [float(r[0]) for r in m])
