# jax.nn.initializers and jax.nn functions (the jax.nn API reference)
import jax
import jax.numpy as jnp
from jax.nn import initializers

key = jax.random.key(42)
for name, init in [
    ("zeros", initializers.zeros),
    ("ones", initializers.ones),
    ("constant", initializers.constant(-7)),
    ("glorot_normal", initializers.glorot_normal()),
    ("glorot_uniform", initializers.glorot_uniform()),
    ("he_normal", initializers.he_normal()),
    ("he_uniform", initializers.he_uniform()),
    ("lecun_normal", initializers.lecun_normal()),
    ("lecun_uniform", initializers.lecun_uniform()),
    ("normal", initializers.normal(0.02)),
    ("uniform", initializers.uniform(0.5)),
    ("truncated_normal", initializers.truncated_normal(0.1)),
    ("orthogonal", initializers.orthogonal()),
    ("variance_scaling", initializers.variance_scaling(2.0, "fan_avg", "truncated_normal")),
    ("delta_orthogonal", initializers.delta_orthogonal()),
]:
    shape = (3, 3, 4, 4) if name == "delta_orthogonal" else (4, 3)
    w = init(key, shape, jnp.float32)
    print(name, w.shape, w.dtype, jnp.round(w.reshape(-1)[:4], 4))
w = initializers.orthogonal()(key, (4, 4))
print(jnp.allclose(w @ w.T, jnp.eye(4), atol=1e-5))
print(initializers.glorot_normal(in_axis=0, out_axis=1)(key, (2, 5), jnp.bfloat16).dtype)
print(initializers.zeros(key, (2,), jnp.int32))
v = initializers.variance_scaling(1.0, "fan_in", "uniform")(key, (1000, 10))
print(jnp.round(jnp.var(v) * 1000, 1))

x = jnp.array([-2., -0.5, 0., 0.5, 2.])
for fn in [jax.nn.relu, jax.nn.relu6, jax.nn.sigmoid, jax.nn.softplus, jax.nn.soft_sign,
           jax.nn.silu, jax.nn.swish, jax.nn.log_sigmoid, jax.nn.leaky_relu, jax.nn.hard_tanh,
           jax.nn.hard_sigmoid, jax.nn.hard_silu, jax.nn.elu, jax.nn.celu, jax.nn.selu,
           jax.nn.gelu, jax.nn.glu if False else jax.nn.mish, jax.nn.sparse_plus, jax.nn.squareplus]:
    print(fn.__name__, jnp.round(fn(x), 4))
print(jnp.round(jax.nn.gelu(x, approximate=False), 4))
print(jnp.round(jax.nn.glu(jnp.arange(4.)), 4))
logits = jnp.array([[1., 2., 3.], [1., 1., 1.]])
print(jnp.round(jax.nn.softmax(logits), 4), jnp.round(jax.nn.log_softmax(logits, axis=0), 4))
print(jnp.round(jax.nn.softmax(logits, where=jnp.array([True, True, False])), 4))
print(jnp.round(jax.nn.logsumexp(logits, axis=1), 4))
print(jax.nn.one_hot(jnp.array([0, 2, 5]), 4), jax.nn.one_hot(jnp.array([1]), 3, dtype=jnp.int32))
print(jnp.round(jax.nn.standardize(jnp.array([1., 2., 3., 4.])), 4))
q = jnp.ones((1, 3, 2, 4))
print(jax.nn.dot_product_attention(q, q, q).shape)
print(jnp.round(jax.nn.dot_product_attention(q, q * 0.5, jnp.arange(24.).reshape(1, 3, 2, 4), is_causal=True)[0, :, 0], 3))
print(jnp.round(jax.grad(lambda t: jax.nn.softplus(t).sum())(x), 4))
print(jnp.round(jax.grad(lambda t: jax.nn.relu(t).sum())(x), 4))
