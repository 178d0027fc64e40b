# lax docstrings not covered before: conv_general_dilated_local (unshared convolutions),
# rng_bit_generator's algorithms and rng_uniform, index_take, and their jaxprs / gradients.
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

lhs = jnp.arange(2 * 3 * 6 * 6, dtype=jnp.float32).reshape(2, 3, 6, 6) / 100
rhs = jnp.ones((3 * 3 * 3, 4, 4, 5)) * 0.01  # (in * window, out spatial..., out features)
out = lax.conv_general_dilated_local(lhs, rhs.reshape(27, 4, 4, 5).transpose(3, 0, 1, 2).reshape(5, 27, 4, 4).transpose(1, 2, 3, 0),
                                     window_strides=(1, 1), padding="VALID", filter_shape=(3, 3),
                                     dimension_numbers=("NCHW", "IHWO", "NCHW"))
print(out.shape, jnp.round(out[0, :, 0, 0], 4))
rhs2 = jax.random.normal(jax.random.key(0), (3 * 2 * 2, 3, 3, 4))
out2 = lax.conv_general_dilated_local(lhs, rhs2, (2, 2), [(0, 0), (0, 0)], (2, 2),
                                      dimension_numbers=("NCHW", "IHWO", "NCHW"))
print(out2.shape, jnp.round(jnp.sum(out2), 3))
print(jax.grad(lambda r: jnp.sum(lax.conv_general_dilated_local(
    lhs, r, (2, 2), "VALID", (2, 2), dimension_numbers=("NCHW", "IHWO", "NCHW")) ** 2))(rhs2).shape)
key = jnp.array([1, 2, 3, 4], dtype=jnp.uint32)
new_key, bits = lax.rng_bit_generator(key, (2, 3), dtype=jnp.uint32)
print(new_key.shape, bits.shape, bits.dtype)
_, b8 = lax.rng_bit_generator(key, (4,), dtype=jnp.uint8)
print(b8.dtype, b8.shape)
print(lax.RandomAlgorithm.RNG_THREE_FRY, lax.RandomAlgorithm.RNG_PHILOX, lax.RandomAlgorithm.RNG_DEFAULT)
k2, b2 = lax.rng_bit_generator(key, (3,), algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
k3, b3 = lax.rng_bit_generator(key, (3,), algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
print(bool(jnp.all(b2 == b3)), bool(jnp.all(k2 == k3)))
print(jax.make_jaxpr(lambda k: lax.rng_bit_generator(k, (2,)))(key))
u = lax.rng_uniform(0.0, 1.0, (3,))
print(u.shape, u.dtype, bool(jnp.all((u >= 0) & (u < 1))))
src = jnp.arange(12.0).reshape(3, 4)
idx = jnp.array([[0, 1], [2, 3], [1, 0]])
print(lax.index_take(src, (idx[:, 0], idx[:, 1]), (0, 1)))
print(jax.grad(lambda s: jnp.sum(lax.index_take(s, (idx[:, 0], idx[:, 1]), (0, 1))))(src))
