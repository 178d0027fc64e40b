# Batched dense linear algebra under jit and vmap, as a Gaussian-process / least-squares code
# base uses it: Cholesky solves and log-determinants of a batch of SPD matrices, lu_factor /
# lu_solve from jax.scipy.linalg reused for several right-hand sides, QR least squares, the
# gradient of a log-marginal likelihood through cholesky, eigh with its gradient, SVD-based
# pseudo-inverse and low-rank approximation, matrix_power and solve_triangular, all checked
# against NumPy / SciPy where it makes sense
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np

rng = np.random.default_rng(11)
Bn, n = 4, 5
M = rng.normal(size=(Bn, n, n)).astype(np.float32)
S = jnp.asarray(M @ np.swapaxes(M, 1, 2) + n * np.eye(n, dtype=np.float32))
b = jnp.asarray(rng.normal(size=(Bn, n, 2)).astype(np.float32))


@jax.jit
def chol_solve(S, b):
    L = jnp.linalg.cholesky(S)
    z = jsl.solve_triangular(L, b, lower=True)
    x = jsl.solve_triangular(jnp.swapaxes(L, -1, -2), z, lower=False)
    logdet = 2 * jnp.sum(jnp.log(jnp.diagonal(L, axis1=-2, axis2=-1)), -1)
    return x, logdet


x, logdet = chol_solve(S, b)
print("chol solve ok", bool(jnp.allclose(S @ x, b, atol=1e-4)))
print("logdet", np.round(np.asarray(logdet), 4), "slogdet", np.round(np.asarray(jnp.linalg.slogdet(S)[1]), 4))

lu, piv = jax.jit(jsl.lu_factor)(S[0])
rhs = jnp.asarray(rng.normal(size=(3, n)).astype(np.float32))
sols = jax.jit(jax.vmap(lambda r: jsl.lu_solve((lu, piv), r)))(rhs)
print("lu piv", np.asarray(piv).tolist(), "lu_solve ok", bool(jnp.allclose(sols @ S[0].T, rhs, atol=1e-4)))

A = jnp.asarray(rng.normal(size=(12, 3)).astype(np.float32))
y = A @ jnp.array([1.0, -2.0, 0.5]) + 0.01 * jnp.asarray(rng.normal(size=12).astype(np.float32))


@jax.jit
def qr_lstsq(A, y):
    q, r = jnp.linalg.qr(A)
    return jsl.solve_triangular(r, q.T @ y)


print("qr coef", np.round(np.asarray(qr_lstsq(A, y)), 3), "lstsq", np.round(np.asarray(jnp.linalg.lstsq(A, y)[0]), 3))
print("r only", jnp.linalg.qr(A, mode="r").shape)

X = jnp.linspace(0, 1, 8)[:, None]
t = jnp.sin(6 * X[:, 0])


def neg_lml(log_params):
    ls, amp, noise = jnp.exp(log_params)
    K = amp * jnp.exp(-0.5 * (X - X.T) ** 2 / ls**2) + (noise + 1e-4) * jnp.eye(8)
    L = jnp.linalg.cholesky(K)
    alpha = jsl.cho_solve((L, True), t)
    return 0.5 * t @ alpha + jnp.sum(jnp.log(jnp.diag(L))) + 4 * jnp.log(2 * jnp.pi)


lp = jnp.log(jnp.array([0.3, 1.0, 0.1]))
val, g = jax.jit(jax.value_and_grad(neg_lml))(lp)
fd = (neg_lml(lp.at[0].add(1e-2)) - neg_lml(lp.at[0].add(-1e-2))) / 2e-2
print("nlml", round(float(val), 4), "grad", np.round(np.asarray(g), 4), "fd0", round(float(fd), 3))

w, V = jax.jit(jnp.linalg.eigh)(S[1])
print("eigh", np.round(np.asarray(w), 4), "numpy", np.round(np.linalg.eigvalsh(np.asarray(S[1])), 4))
gmax = jax.grad(lambda S: jnp.linalg.eigh(S)[0][-1])(S[1])
print("d lambda_max / dS ~ v v^T", bool(jnp.allclose(gmax, jnp.outer(V[:, -1], V[:, -1]), atol=1e-4)))

C = jnp.asarray(rng.normal(size=(6, 4)).astype(np.float32))
U, s, Vt = jax.jit(jnp.linalg.svd, static_argnames="full_matrices")(C, full_matrices=False)
print("svd shapes", U.shape, s.shape, Vt.shape, "s", np.round(np.asarray(s), 4))
rank2 = (U[:, :2] * s[:2]) @ Vt[:2]
print("rank-2 err", round(float(jnp.linalg.norm(C - rank2)), 4), "expected", round(float(jnp.sqrt(jnp.sum(s[2:] ** 2))), 4))
print("pinv ok", bool(jnp.allclose(jnp.linalg.pinv(C) @ C, jnp.eye(4), atol=1e-4)))
T = jnp.array([[0.9, 0.1], [0.2, 0.8]])
print("matrix_power", np.round(np.asarray(jax.jit(jnp.linalg.matrix_power, static_argnums=1)(T, 5)), 5))
print("inverse power", np.round(np.asarray(jnp.linalg.matrix_power(T, -2)), 4))
print("batched det", np.round(np.asarray(jax.jit(jnp.linalg.det)(S)), 2))
print("cond", np.round(np.asarray(jnp.linalg.cond(S)), 3))
print("norms", round(float(jnp.linalg.norm(C, "nuc")), 4), round(float(jnp.linalg.norm(C, 2)), 4), round(float(jnp.linalg.norm(C, -2)), 4))
