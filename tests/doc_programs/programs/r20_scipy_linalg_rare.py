# jax.scipy.linalg functions of the API docs no other program runs: convolution_matrix (full /
# same / valid), fiedler_companion, invhilbert (exact and not), qr_multiply (left / right,
# transposed), solve_sylvester, checked against their definitions
import jax.numpy as jnp
import numpy as np
from jax.scipy import linalg

a = jnp.array([1.0, 2.0, 3.0])
for mode in ["full", "same", "valid"]:
    m = linalg.convolution_matrix(a, 5, mode=mode)
    print(mode, m.shape)
    print(m)
x = jnp.arange(5.0)
print(linalg.convolution_matrix(a, 5) @ x, jnp.convolve(a, x))

c = jnp.array([1.0, -6.0, 11.0, -6.0])
f = linalg.fiedler_companion(c)
print(f)
print(jnp.sort(jnp.linalg.eigvals(f).real))
print(linalg.fiedler_companion(jnp.array([2.0, 4.0])))

print(linalg.invhilbert(4))
print(linalg.invhilbert(3) @ linalg.hilbert(3))
print(linalg.invhilbert(4, exact=True))

A = jnp.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0], [1.0, 0.0, 1.0]])
C = jnp.eye(4)[:, :3] + 0.5
cq, r = linalg.qr_multiply(A, C.T, mode="right")
print(cq.shape, r.shape)
q, r2 = jnp.linalg.qr(A)
print(np.allclose(cq, C.T @ q, atol=1e-5), np.allclose(r, r2, atol=1e-5))
cq2, _ = linalg.qr_multiply(A, jnp.ones((3, 2)), mode="left")
print(cq2.shape, np.allclose(cq2, q @ jnp.ones((3, 2)), atol=1e-5))

A = jnp.array([[4.0, 1.0], [2.0, 3.0]])
B = jnp.array([[1.0, 0.5], [0.0, 2.0]])
Q = jnp.array([[1.0, 2.0], [3.0, 4.0]])
X = linalg.solve_sylvester(A, B, Q)
print(X)
print(jnp.allclose(A @ X + X @ B, Q, atol=1e-5))
