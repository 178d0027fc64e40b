# jax.nn's functions as the API page lists them: activations at edge values (relu at 0 and its
# gradient, gelu approximate / exact, silu, elu, celu, selu, leaky_relu, hard_* ,
# log_sigmoid, softplus, sparse_plus, squareplus, mish, glu), softmax / log_softmax with axis
# and where, standardize, one_hot with axis / dtype, logsumexp, dot_product_attention with a
# mask, and initializers' shapes and scales
import jax
import jax.numpy as jnp

x = jnp.array([-3.0, -1.0, 0.0, 0.5, 2.0])
for name in ("relu", "relu6", "sigmoid", "log_sigmoid", "softplus", "soft_sign", "silu", "swish", "elu", "celu", "selu",
             "gelu", "hard_sigmoid", "hard_silu", "hard_tanh", "leaky_relu", "mish", "squareplus", "sparse_plus", "sparse_sigmoid", "tanh"):
    fn = getattr(jax.nn, name)
    print(name, fn(x), jax.vmap(jax.grad(fn))(x))
print(jax.nn.gelu(x, approximate=False), jax.nn.elu(x, alpha=0.5), jax.nn.celu(x, alpha=2.0), jax.nn.leaky_relu(x, negative_slope=0.2))
print(jax.grad(jax.nn.relu)(0.0), jax.grad(jax.nn.relu6)(6.0), jax.grad(jax.nn.hard_tanh)(1.0), jax.nn.glu(jnp.arange(4.0)), jax.nn.glu(jnp.arange(6.0).reshape(2, 3), axis=0))
logits = jnp.array([[1.0, 2.0, 3.0], [1.0, 1.0, -jnp.inf]])
print(jax.nn.softmax(logits), jax.nn.softmax(logits, axis=0), jax.nn.log_softmax(logits))
mask = jnp.array([[True, True, False], [True, False, False]])
print(jax.nn.softmax(logits, where=mask), jax.nn.log_softmax(logits, axis=-1, where=mask))
print(jax.grad(lambda l: jax.nn.log_softmax(l)[0, 0])(logits))
print(jax.nn.standardize(jnp.arange(6.0).reshape(2, 3), axis=1), jax.nn.standardize(jnp.arange(4.0), epsilon=1.0))
print(jax.nn.one_hot(jnp.array([0, 2, 5, -1]), 3), jax.nn.one_hot(jnp.array([1, 0]), 3, axis=0), jax.nn.one_hot(jnp.array([1]), 2, dtype=jnp.int32))
print(jax.nn.logsumexp(logits, axis=1), jax.nn.logsumexp(jnp.array([0.0, 0.0]), b=jnp.array([1.0, 2.0])))
q = jnp.arange(2 * 4 * 2 * 8.0).reshape(2, 4, 2, 8) / 100
k = jnp.ones((2, 5, 2, 8)) / 10
v = jnp.arange(2 * 5 * 2 * 8.0).reshape(2, 5, 2, 8) / 50
print(jax.nn.dot_product_attention(q, k, v).shape, jax.nn.dot_product_attention(q, k, v)[0, 0, 0, :3])
amask = jnp.tril(jnp.ones((4, 5), bool))[None, None]
print(jax.nn.dot_product_attention(q, k, v, mask=amask)[0, 0, 0, :3], jax.nn.dot_product_attention(q, k, v, scale=0.5)[1, 3, 1, :2])
print(jax.nn.dot_product_attention(q, k, v, bias=jnp.zeros((1, 2, 4, 5)))[0, 1, 0, :2])
key = jax.random.key(0)
for init in (jax.nn.initializers.glorot_uniform(), jax.nn.initializers.glorot_normal(), jax.nn.initializers.he_normal(),
             jax.nn.initializers.lecun_normal(), jax.nn.initializers.orthogonal(), jax.nn.initializers.normal(0.5),
             jax.nn.initializers.uniform(2.0), jax.nn.initializers.truncated_normal(0.1), jax.nn.initializers.variance_scaling(2.0, "fan_avg", "uniform")):
    w = init(key, (64, 32))
    print(w.shape, w.dtype, round(float(w.std()), 2))
print(jax.nn.initializers.zeros(key, (2,)), jax.nn.initializers.ones(key, (2,), jnp.int32), jax.nn.initializers.constant(-0.5)(key, (2,)))
print(jax.nn.initializers.delta_orthogonal()(key, (3, 3, 4, 4)).shape, jax.nn.initializers.glorot_uniform(in_axis=0, out_axis=1)(key, (3, 5), jnp.bfloat16).dtype)
