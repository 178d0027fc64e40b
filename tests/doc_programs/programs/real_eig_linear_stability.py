# Linear stability analysis of a dynamical system: the Jacobian of a predator-prey-competition
# model at its fixed point (found by Newton with jax.jacfwd), its complex eigenvalues by
# jnp.linalg.eig (sorted for a stable order), the matrix exponential propagator by
# jax.scipy.linalg.expm compared with the eigendecomposition, sqrtm and polar factors of a
# positive-definite matrix, and the continuous Lyapunov equation solved through a Kronecker sum
import jax
import jax.numpy as jnp
from jax.scipy import linalg as sla



def rhs(z, a=1.0, b=0.5, c=0.75, d=0.25):
    x, y, w = z
    return jnp.array([x * (a - b * y - 0.1 * x), y * (-c + d * x - 0.05 * w), w * (0.3 - 0.2 * w - 0.1 * y)])


z = jnp.array([3.0, 1.5, 1.0])
for i in range(20):
    z = z - jnp.linalg.solve(jax.jacfwd(rhs)(z), rhs(z))
print("fixed point", jnp.round(z, 4), "residual small", bool(jnp.max(jnp.abs(rhs(z))) < 1e-5))
J = jax.jacfwd(rhs)(z)
w, V = jnp.linalg.eig(J)
order = jnp.lexsort((w.imag, w.real))
w, V = w[order], V[:, order]
print("eigenvalues", jnp.round(w, 4), w.dtype)
print("stable", bool(jnp.all(w.real < 0)), "oscillation period %.3f" % float(2 * jnp.pi / jnp.max(jnp.abs(w.imag))))
print("eigvals agree", bool(jnp.allclose(jnp.sort_complex(jnp.linalg.eigvals(J)), jnp.sort_complex(w), atol=1e-4)))
t = 2.0
P1 = sla.expm(J * t)
P2 = (V @ jnp.diag(jnp.exp(w * t)) @ jnp.linalg.inv(V)).real
print("expm vs eig", bool(jnp.allclose(P1, P2, atol=1e-4)), jnp.round(P1[0], 4))
A = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
S = sla.sqrtm(A)
print("sqrtm", S.dtype, "squares back", bool(jnp.allclose((S @ S).real, A, atol=1e-4)))
U, Pp = sla.polar(A @ jnp.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]))
print("polar U orthogonal", bool(jnp.allclose(U @ U.T, jnp.eye(3), atol=1e-4)), "P symmetric", bool(jnp.allclose(Pp, Pp.T, atol=1e-4)))
Q = jnp.eye(3)
n = 3
K = jnp.kron(jnp.eye(n), J) + jnp.kron(J, jnp.eye(n))
X = jnp.linalg.solve(K, -Q.reshape(-1)).reshape(n, n).T
print("lyapunov residual small", bool(jnp.max(jnp.abs(J @ X + X @ J.T + Q)) < 1e-4), "X pos def", bool(jnp.all(jnp.linalg.eigvalsh((X + X.T) / 2) > 0)))
print("trace X %.4f" % float(jnp.trace(X)))
