# jax.nn.initializers with their axis options: variance_scaling's modes (fan_in, fan_out,
# fan_avg, fan_geo_avg) and distributions (truncated_normal, normal, uniform) with in_axis /
# out_axis / batch_axis tuples on convolution kernels, orthogonal's column_axis,
# delta_orthogonal, lecun / he / glorot variants' in_axis, constant / zeros / ones with dtypes,
# and the standard deviations of large draws
import jax
import jax.numpy as jnp
from jax.nn import initializers as init

key = jax.random.key(0)
shape = (3, 3, 16, 32)
for mode in ["fan_in", "fan_out", "fan_avg", "fan_geo_avg"]:
    for dist in ["truncated_normal", "normal", "uniform"]:
        w = init.variance_scaling(2.0, mode, dist, in_axis=-2, out_axis=-1)(key, shape)
        print(mode, dist, w.shape, round(float(jnp.std(w)), 2))
w = init.variance_scaling(1.0, "fan_in", "normal", in_axis=(0, 1), out_axis=2, batch_axis=3)(
    key, (4, 4, 8, 2)
)
print(w.shape, round(float(jnp.std(w)), 2))
print(init.glorot_uniform(in_axis=0, out_axis=1)(key, (64, 32)).std().round(2))
print(init.he_normal(in_axis=-2, out_axis=-1)(key, shape).std().round(2))
print(init.lecun_uniform(batch_axis=0)(key, (4, 64, 32)).std().round(2))
q = init.orthogonal(scale=2.0, column_axis=0)(key, (4, 6))
print(q.shape, jnp.allclose(q @ q.T, 4 * jnp.eye(4), atol=1e-4))
q2 = init.orthogonal()(key, (3, 5, 5))
print(q2.shape, jnp.allclose(q2[0] @ q2[0].T, jnp.eye(5), atol=1e-5))
d = init.delta_orthogonal()(key, (3, 3, 4, 4))
print(d.shape, jnp.count_nonzero(d[0]), jnp.allclose(d[1, 1] @ d[1, 1].T, jnp.eye(4), atol=1e-5))
print(
    init.constant(0.5, jnp.bfloat16)(key, (2,)),
    init.zeros(key, (2,), jnp.int32),
    init.ones(key, (1, 2)),
)
print(init.normal(0.5)(key, (10000,)).std().round(2), init.uniform(3.0)(key, (3,)).dtype)
print(init.truncated_normal(2.0, lower=-1.0, upper=1.0)(key, (10000,)).max() <= 2.0)
