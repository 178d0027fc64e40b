# jax.nn's keyword options: softmax / log_softmax with where= and axis tuples, logsumexp with
# b= and return_sign=, one_hot with axis= and dtype=, standardize with where / variance,
# glu's axis, gelu(approximate=), celu / elu alphas, initializers' variance_scaling modes and
# distributions with in_axis / out_axis / batch_axis, orthogonal's scale, and their dtypes
import jax
import jax.numpy as jnp
from jax.nn import initializers as init

x = jnp.array([[1.0, 2.0, 3.0], [1.0, -1.0, 0.5]])
mask = jnp.array([[True, True, False], [True, False, True]])
print(jax.nn.softmax(x), jax.nn.softmax(x, axis=0))
print(jax.nn.softmax(x, where=mask), jax.nn.log_softmax(x, where=mask))
print(jax.nn.softmax(x, axis=(0, 1)).sum(), jax.nn.log_softmax(x, axis=None if False else -1))
print(jax.nn.logsumexp(x, axis=1), jax.nn.logsumexp(x, axis=1, b=jnp.array([[1.0, 2.0, -1.0]]), return_sign=True))
print(jax.nn.logsumexp(x, keepdims=True), jax.nn.logsumexp(x, axis=0, where=mask))
print(jax.nn.one_hot(jnp.array([0, 2, 5]), 4), jax.nn.one_hot(jnp.array([1, 0]), 3, axis=0, dtype=jnp.int8))
print(jax.nn.standardize(x, axis=1), jax.nn.standardize(x, axis=1, variance=jnp.ones((2, 1)), epsilon=0.0))
print(jax.nn.standardize(x, axis=1, where=mask))
print(jax.nn.glu(jnp.arange(8.0).reshape(2, 4) / 4), jax.nn.glu(jnp.arange(8.0).reshape(4, 2) / 4, axis=0))
v = jnp.array([-2.0, -0.5, 0.0, 1.5])
print(jax.nn.gelu(v), jax.nn.gelu(v, approximate=False), jax.nn.celu(v, alpha=2.0), jax.nn.elu(v, alpha=0.5))
print(jax.nn.leaky_relu(v, negative_slope=0.2), jax.nn.hard_tanh(v * 2), jax.nn.relu6(v * 4), jax.nn.squareplus(v, b=2.0))
print(jax.nn.sparse_plus(v), jax.nn.sparse_sigmoid(v), jax.nn.mish(v), jax.nn.log_sigmoid(v), jax.nn.selu(v))
key = jax.random.key(0)
for mode in ("fan_in", "fan_out", "fan_avg"):
    for dist in ("truncated_normal", "normal", "uniform"):
        w = init.variance_scaling(2.0, mode, dist)(key, (64, 32))
        print(mode, dist, w.dtype, round(float(w.std()), 2))
w = init.variance_scaling(1.0, "fan_in", "normal", in_axis=1, out_axis=0)(key, (16, 256))
print(round(float(w.std()), 3))
conv = init.lecun_normal(batch_axis=0)(key, (4, 3, 3, 8))
print(conv.shape, round(float(conv.std()), 2))
print(init.glorot_uniform()(key, (2, 3), jnp.bfloat16).dtype, init.he_normal(dtype=jnp.float16)(key, (2, 2)).dtype)
q = init.orthogonal(scale=2.0)(key, (3, 3))
print(jnp.allclose(q @ q.T, 4 * jnp.eye(3), atol=1e-4), init.orthogonal()(key, (2, 5)).shape)
print(init.constant(0.5)(key, (2,)), init.zeros(key, (2,), jnp.int32), init.ones(key, (1, 2)))
print(init.uniform(scale=2.0)(key, (3,)), init.normal(stddev=0.1)(key, (2,)), init.truncated_normal(stddev=2.0, lower=-1.0, upper=1.0)(key, (3,)))
print(init.delta_orthogonal()(key, (3, 3, 4, 4))[1, 1].shape, init.kaiming_uniform()(key, (3, 3)).shape)
try:
    init.variance_scaling(1.0, "fan_bogus", "normal")(key, (2, 2))
except Exception as e:
    print(type(e).__name__)
try:
    init.orthogonal()(key, (3,))
except Exception as e:
    print(type(e).__name__)
