# Out-of-bounds indexing and .at[] update modes ("JAX - The Sharp Bits" and the jax.numpy.ndarray.at
# reference), and NaN debugging with jnp.isnan / jax.debug_nans
import jax
import jax.numpy as jnp
import numpy as np

x = jnp.arange(10.0)
print(x[11], x[-11], x[jnp.array([0, 20])])
print(jnp.arange(10)[11])
print(x.at[11].get(), x.at[11].get(mode="fill", fill_value=-1.))
print(x.at[jnp.array([1, 12])].get(mode="fill", fill_value=jnp.nan))
print(x.at[11].set(99.), x.at[11].set(99., mode="clip")[-1], x.at[-1].set(99.)[-1])
print(x.at[jnp.array([2, 2, 3])].add(1.)[:5])
print(x.at[jnp.array([2, 2, 3])].set(jnp.array([5., 6., 7.]), unique_indices=False)[3])
print(x.at[1:4].multiply(2.)[:5], x.at[::2].divide(2.)[:4], x.at[5].power(2.)[5])
print(x.at[jnp.array([0, 0])].min(-5.)[0], x.at[jnp.array([9, 9])].max(50.)[9])
print(x.at[20].add(1., mode="drop").sum(), x.at[20].add(1., mode="promise_in_bounds").shape)
print(x.at[x > 5].set(0.))
m = jnp.zeros((3, 4), jnp.int32)
print(m.at[1, :].set(7), m.at[:, jnp.array([0, 3])].add(1).sum(0))
print(m.at[jnp.array([0, 2]), jnp.array([1, 3])].set(jnp.array([4, 5])))
print(m.at[..., -1].set(9)[0], m.at[(0, 1)].set(3)[0], m.at[1].get().shape)
print(x.at[2].apply(lambda v: v * 100.)[:4])
idx = jnp.array([[0, 1], [2, 3]])
print(jnp.arange(5)[idx], jnp.take(jnp.arange(5), jnp.array([1, 7]), mode="clip"))
print(jnp.take(jnp.arange(5.), jnp.array([1, 7]), mode="fill", fill_value=-3.))
print(jnp.take_along_axis(jnp.array([[10, 20, 30]]), jnp.array([[2, 0]]), axis=1))
print(jnp.arange(6).reshape(2, 3)[:, None, 1:].shape, jnp.arange(6)[jnp.array([True, False] * 3)])
print(jnp.arange(6)[np.int32(2)], jnp.arange(6)[jnp.int32(-1)], jnp.arange(24).reshape(2, 3, 4)[1, ..., 2])
print(jax.jit(lambda v, i: v[i])(x, 15), jax.jit(lambda v, i: v.at[i].set(-1.))(x, -2)[-2])
print(jax.grad(lambda v: v.at[jnp.array([1, 1, 15])].get(mode="fill", fill_value=0.).sum())(x)[:3])
print(jax.vmap(lambda v, i: v.at[i].set(0.))(jnp.ones((2, 3)), jnp.array([0, 2])))
try:
    jnp.arange(6)[jnp.array([True, False] * 3)].block_until_ready()
    jax.jit(lambda v: v[v > 2])(jnp.arange(6))
except Exception as e:
    print(type(e).__name__)
try:
    x[1.5]
except Exception as e:
    print(type(e).__name__)
try:
    x.at[1].set(jnp.ones(3))
except Exception as e:
    print(type(e).__name__)
try:
    jnp.arange(3)[[0, 1]]
except Exception as e:
    print(type(e).__name__)

# NaNs
y = jnp.array([1., 0., -1.])
print(jnp.log(y), jnp.isnan(jnp.log(y)), jnp.nan_to_num(jnp.log(y)), jnp.nanmean(jnp.log(y)))
print(jnp.sqrt(y), jnp.isinf(1. / y), jnp.isfinite(jnp.log(y)).sum(), 0. / 0. if False else jnp.float32(0) / 0)
print(jnp.nansum(jnp.array([1., jnp.nan])), jnp.nanmax(jnp.array([jnp.nan, 2.])), jnp.where(jnp.isnan(jnp.log(y)), 0., jnp.log(y)))
print(jax.grad(lambda t: jnp.where(t > 0, jnp.sqrt(t), 0.))(0.), jax.grad(lambda t: jnp.sqrt(jnp.where(t > 0, t, 1.)))(0.))
print(jnp.log(jnp.float32(-1.)))
