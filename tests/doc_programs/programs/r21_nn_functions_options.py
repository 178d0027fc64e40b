# jax.nn docstrings with the options other programs skip: softmax / log_softmax with where=
# and axis tuples, logsumexp with b= and return_sign=, one_hot with axis= and dtype=,
# standardize with mean / variance given, glu's axis, gelu approximate=False, celu / selu /
# elu alphas, hard_tanh, relu6, sparse_plus / sparse_sigmoid, squareplus's b, mish, and
# log_sigmoid's gradient
import jax
import jax.numpy as jnp

x = jnp.array([[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]])
mask = jnp.array([[True, False, True], [True, True, False]])
print(jax.nn.softmax(x, axis=-1, where=mask))
print(jax.nn.log_softmax(x, axis=(0, 1)))
print(jax.nn.softmax(x, axis=0))
print(jax.nn.logsumexp(x, axis=1, b=jnp.array([1.0, -1.0, 0.5]), return_sign=True))
print(jax.nn.logsumexp(x, axis=0, keepdims=True), jax.nn.logsumexp(x, where=mask))
print(jax.nn.one_hot(jnp.array([0, 2, 5, -1]), 3))
print(jax.nn.one_hot(jnp.array([1, 0]), 3, axis=0, dtype=jnp.int32))
print(jax.nn.standardize(x, axis=1), jax.nn.standardize(x, mean=0.0, variance=4.0))
print(jax.nn.glu(jnp.arange(8.0).reshape(2, 4)), jax.nn.glu(jnp.arange(8.0).reshape(4, 2), axis=0))
v = jnp.linspace(-3, 3, 7)
print(jax.nn.gelu(v, approximate=False), jax.nn.gelu(v))
print(jax.nn.celu(v, alpha=0.5), jax.nn.elu(v, alpha=2.0), jax.nn.selu(v))
print(jax.nn.hard_tanh(v), jax.nn.relu6(v * 3), jax.nn.hard_sigmoid(v), jax.nn.hard_swish(v))
print(jax.nn.sparse_plus(v), jax.nn.sparse_sigmoid(v))
print(jax.nn.squareplus(v), jax.nn.squareplus(v, b=0.0), jax.nn.mish(v))
print(jax.nn.leaky_relu(v, negative_slope=0.2), jax.nn.soft_sign(v), jax.nn.silu(v))
print(jax.grad(lambda t: jax.nn.log_sigmoid(t).sum())(v))
print(jax.grad(lambda t: jax.nn.relu(t).sum())(jnp.array([-1.0, 0.0, 1.0])))
print(jax.vmap(jax.grad(jax.nn.gelu))(v))
print(jax.nn.logsumexp(jnp.array([-jnp.inf, -jnp.inf])), jax.nn.softmax(jnp.array([-jnp.inf, 0.0])))
