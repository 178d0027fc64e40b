# The lasso three ways: ADMM with a cached Cholesky factor (cho_factor / cho_solve) and a
# while_loop stopping on primal / dual residuals, ISTA with a step from the largest eigenvalue,
# and coordinate descent by fori_loop over coordinates; the regularisation path by vmap over
# lambdas, checked by the KKT conditions
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve

N, D = 60, 12
k_x, k_w, k_n = jax.random.split(jax.random.key(11), 3)
A = jax.random.normal(k_x, (N, D))
w_true = jnp.where(jnp.arange(D) < 4, jax.random.normal(k_w, (D,)) * 2, 0.0)
b = A @ w_true + 0.1 * jax.random.normal(k_n, (N,))


def soft(x, t):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - t, 0.0)


@jax.jit
def admm(A, b, lam, rho=1.0, tol=1e-5, max_iter=500):
    n = A.shape[1]
    factor = cho_factor(A.T @ A + rho * jnp.eye(n))
    Atb = A.T @ b

    def cond(state):
        _, _, _, r, s, it = state
        return (it < max_iter) & ((r > tol) | (s > tol))

    def body(state):
        x, z, u, _, _, it = state
        x = cho_solve(factor, Atb + rho * (z - u))
        z_new = soft(x + u, lam / rho)
        u = u + x - z_new
        return x, z_new, u, jnp.linalg.norm(x - z_new), rho * jnp.linalg.norm(z_new - z), it + 1

    zeros = jnp.zeros(n)
    init = (zeros, zeros, zeros, jnp.inf, jnp.inf, 0)
    x, z, u, r, s, it = jax.lax.while_loop(cond, body, init)
    return z, it


@jax.jit
def ista(A, b, lam, iters=2000):
    L = jnp.linalg.eigvalsh(A.T @ A)[-1]
    def body(_, w):
        return soft(w - A.T @ (A @ w - b) / L, lam / L)
    return jax.lax.fori_loop(0, iters, body, jnp.zeros(A.shape[1]))


@jax.jit
def coordinate_descent(A, b, lam, sweeps=200):
    col_sq = jnp.sum(A**2, axis=0)

    def coord(j, w):
        r = b - A @ w + A[:, j] * w[j]
        return w.at[j].set(soft(A[:, j] @ r, lam) / col_sq[j])

    def sweep(_, w):
        return jax.lax.fori_loop(0, A.shape[1], coord, w)

    return jax.lax.fori_loop(0, sweeps, sweep, jnp.zeros(A.shape[1]))


lam = 5.0
w_admm, iters = admm(A, b, lam)
w_ista = ista(A, b, lam)
w_cd = coordinate_descent(A, b, lam)
print("ADMM iterations:", int(iters))
print("ADMM:", jnp.round(w_admm, 3))
print("ISTA agrees:", bool(jnp.allclose(w_admm, w_ista, atol=1e-3)), "CD agrees:", bool(jnp.allclose(w_admm, w_cd, atol=1e-3)))
print("support:", jnp.nonzero(jnp.abs(w_cd) > 1e-6)[0], "true support:", jnp.nonzero(w_true)[0])

grad = A.T @ (A @ w_cd - b)
active = jnp.abs(w_cd) > 1e-6
kkt_active = jnp.max(jnp.abs(grad + lam * jnp.sign(w_cd)) * active)
kkt_inactive = jnp.max(jnp.abs(grad) * ~active)
print(f"KKT: active residual {float(kkt_active):.2e} (<1e-2: {bool(kkt_active < 1e-2)}), inactive max |grad| <= lambda: {bool(kkt_inactive <= lam + 1e-3)}")

lams = jnp.geomspace(0.5, 200.0, 6)
path = jax.vmap(coordinate_descent, in_axes=(None, None, 0))(A, b, lams)
for l, w in zip(lams, path):
    print(f"lambda {float(l):8.3f}: nonzeros {int(jnp.sum(jnp.abs(w) > 1e-6)):2d} l1 {float(jnp.abs(w).sum()):.3f}")
