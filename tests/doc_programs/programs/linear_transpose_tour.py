# jax.linear_transpose: transposing linear functions (matmul, convolution, cumsum, pytrees),
# checked against vjp, and the errors for non-linear or mis-typed functions
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

A = jnp.arange(6.0).reshape(2, 3)


def f(x):
    return A @ x


f_t = jax.linear_transpose(f, jnp.zeros(3))
print(f_t(jnp.array([1.0, 2.0])))
print(A.T @ jnp.array([1.0, 2.0]))

# a pytree of inputs
def g(p):
    return 2.0 * p['a'] - p['b'][::-1] + jnp.sum(p['c'])


primal = {'a': jnp.zeros(3), 'b': jnp.zeros(3), 'c': jnp.zeros(2)}
g_t = jax.linear_transpose(g, primal)
ct = g_t(jnp.array([1.0, 10.0, 100.0]))
print(type(ct), jax.tree.map(np.asarray, ct))

# convolution: its transpose is the gradient with respect to the input
kernel = jnp.array([1.0, 2.0, 3.0])


def conv(x):
    return jnp.convolve(x, kernel, mode='valid')


x0 = jnp.zeros(6)
conv_t = jax.linear_transpose(conv, x0)
y = jnp.arange(4.0)
print(conv_t(y))
_, vjp = jax.vjp(conv, x0)
print(vjp(y))

# cumsum's transpose is the reversed cumsum
cs_t = jax.linear_transpose(jnp.cumsum, jnp.zeros(4))
print(cs_t(jnp.array([1.0, 2.0, 3.0, 4.0])))

# lax.dot_general with batch dims
B = jnp.arange(24.0).reshape(2, 3, 4)


def bmm(x):
    return lax.dot_general(B, x, (((2,), (1,)), ((0,), (0,))))


bmm_t = jax.linear_transpose(bmm, jnp.zeros((2, 4, 5)))
(out,) = bmm_t(jnp.ones((2, 3, 5)))
print(out.shape, out[0, :, 0])

# the transpose of the transpose is the function again
ftt = jax.linear_transpose(f_t, jnp.zeros(2))
print(ftt(jnp.array([1.0, 1.0, 1.0])), f(jnp.ones(3)))

# a dtype mismatch and a non-linear function
try:
    f_t(jnp.array([1, 2]))
except TypeError as e:
    print("TypeError")
try:
    jax.linear_transpose(jnp.sin, 1.0)(1.0)
except Exception as e:
    print(type(e).__name__)

# complex: transpose, not conjugate transpose
Ac = jnp.array([[1 + 2j, 3j], [2.0, 1 - 1j]], dtype=jnp.complex64)
h_t = jax.linear_transpose(lambda z: Ac @ z, jnp.zeros(2, jnp.complex64))
print(h_t(jnp.array([1.0 + 0j, 1j], dtype=jnp.complex64)))
print(jax.make_jaxpr(f_t)(jnp.ones(2)))
