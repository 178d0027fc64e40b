# A gallery of jax.nn activations: values on a grid, gradients at and around zero (relu's
# subgradient, hard_tanh's flat parts), gelu's exact and approximate forms, glu, softmax with
# a where mask, log_softmax / logsumexp consistency, and second derivatives with jax.hessian
import jax
import jax.numpy as jnp
from jax import nn

x = jnp.array([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])
for name in ["relu", "relu6", "sigmoid", "softplus", "soft_sign", "silu", "swish", "log_sigmoid",
             "leaky_relu", "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh", "elu", "celu",
             "selu", "gelu", "mish", "squareplus", "sparse_plus", "sparse_sigmoid", "tanh"]:
    f = getattr(nn, name)
    print(f"{name:15s}", jnp.round(f(x), 4), jnp.round(jax.vmap(jax.grad(f))(x), 4))
print(nn.gelu(x, approximate=False) - nn.gelu(x, approximate=True))
print(nn.leaky_relu(x, negative_slope=0.2), nn.elu(x, alpha=0.5), nn.celu(x, alpha=2.0))
print(nn.glu(jnp.arange(8.0).reshape(2, 4)), nn.glu(jnp.arange(6.0), axis=0))
logits = jnp.array([[1.0, 2.0, 3.0], [1.0, -jnp.inf, 0.0]])
print(nn.softmax(logits), nn.softmax(logits, where=jnp.array([[True, True, False], [True, False, True]])))
print(jnp.allclose(nn.log_softmax(logits[0]), logits[0] - nn.logsumexp(logits[0])))
print(nn.logsumexp(jnp.array([1.0, 2.0]), b=jnp.array([1.0, -1.0]), return_sign=True))
print(nn.standardize(jnp.array([1.0, 2.0, 3.0, 4.0])), nn.one_hot(jnp.array([2, 0]), 3))
print(jax.hessian(nn.softplus)(0.0), jax.hessian(nn.gelu)(1.0), jax.hessian(nn.tanh)(0.5))
print(jax.grad(nn.relu)(0.0), jax.grad(nn.relu6)(6.0), jax.grad(nn.hard_tanh)(1.0))
print(nn.sigmoid(jnp.array([-100.0, 100.0])), nn.softplus(jnp.array([-100.0, 100.0])))
print(jax.jit(nn.silu)(jnp.float16(1.5)).dtype, nn.relu(jnp.array([-1, 2], jnp.int32)))
