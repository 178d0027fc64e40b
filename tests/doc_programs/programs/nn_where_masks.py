# jax.nn functions with where= masks, initial values and axes; logsumexp with b= and return_sign
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

x = jnp.array([[1., 2., 3., 4.], [4., 3., 2., 1.]])
mask = jnp.array([[True, True, False, False], [True, False, True, False]])
print(jax.nn.softmax(x, where=mask).round(4))
print(jax.nn.softmax(x, axis=0).round(4))
print(jax.nn.log_softmax(x, where=mask).round(4))
print(jax.nn.log_softmax(x, axis=(0, 1)).round(4))
print(jax.nn.standardize(x, axis=-1).round(4))
print(jax.nn.standardize(x, axis=-1, where=mask).round(4))
print(jax.nn.standardize(x, mean=0., variance=4.).round(4))
print(logsumexp(x, axis=1).round(4), logsumexp(x, axis=1, keepdims=True).shape)
print(logsumexp(x, b=jnp.array([1., -1., 1., 0.]), axis=1, return_sign=True))
print(logsumexp(x, where=mask, axis=1).round(4))
print(logsumexp(jnp.array([-jnp.inf, -jnp.inf])), logsumexp(jnp.array([]) if False else jnp.zeros(0)))
print(jax.nn.logsumexp(x, b=2.).round(4))
print(jax.nn.one_hot(jnp.array([0, 2, -1, 5]), 4))
print(jax.nn.one_hot(jnp.array([[0, 1], [2, 3]]), 4, axis=0).shape, jax.nn.one_hot(jnp.array([1]), 3, dtype=jnp.int8))
print(jax.nn.glu(jnp.arange(8.).reshape(2, 4)).round(4), jax.nn.glu(jnp.arange(8.).reshape(2, 4), axis=0).round(4))
print(jax.nn.relu(jnp.array([-1., 0., 2.])), jax.grad(jax.nn.relu)(0.), jax.grad(jax.nn.relu6)(6.))
print(jax.nn.gelu(1., approximate=False).round(5), jax.nn.gelu(1.).round(5), jax.nn.celu(-1., alpha=2.).round(5))
print(jax.nn.elu(jnp.array([-2., 2.]), alpha=0.5).round(4), jax.nn.leaky_relu(-2., 0.1), jax.nn.hard_swish(1.).round(4))
print(jax.nn.sparse_plus(jnp.array([-2., 0., 0.5, 2.])), jax.nn.squareplus(jnp.array([-1., 1.]), b=2.).round(4))
print(jax.nn.mish(1.).round(4), jax.nn.log_sigmoid(jnp.array([-100., 0., 100.])).round(4), jax.nn.sparse_sigmoid(0.5))

# masked attention logits: softmax over valid positions only, gradients zero on masked ones
logits = jnp.array([[2., 1., 0.5], [0.1, 0.2, 0.3]])
valid = jnp.array([[True, True, False], [True, True, True]])
loss = lambda l: jnp.sum(jax.nn.softmax(l, where=valid) * jnp.array([1., 2., 3.]), where=valid)
print(loss(logits).round(4), jax.grad(loss)(logits).round(4))
print(jax.grad(lambda l: logsumexp(l, where=valid))(logits).round(4))
print(jax.nn.dot_product_attention(jnp.ones((1, 3, 2, 4)), jnp.ones((1, 5, 2, 4)), jnp.arange(40.).reshape(1, 5, 2, 4),
                                   mask=jnp.tril(jnp.ones((3, 5), bool))[None, None]).round(3))
