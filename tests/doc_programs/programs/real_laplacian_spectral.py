# Spectral graph analysis: a ring-of-cliques graph's Laplacian and normalized Laplacian, eigh
# for the Fiedler vector and a spectral bisection, power iteration by while_loop with a
# tolerance (deflated for the second eigenvector), eigenvalue gradients, and heat diffusion expm
import jax
import jax.numpy as jnp
from jax.scipy.linalg import expm

n_cliques, size = 3, 4
n = n_cliques * size
blocks = jnp.kron(jnp.eye(n_cliques), jnp.ones((size, size))) - jnp.eye(n)
ring = jnp.zeros((n, n))
for c in range(n_cliques):
    a, b = c * size, ((c + 1) % n_cliques) * size + 1
    ring = ring.at[a, b].set(1.0).at[b, a].set(1.0)
A = blocks + ring
deg = A.sum(1)
L = jnp.diag(deg) - A
Dm = jnp.diag(1 / jnp.sqrt(deg))
Ln = jnp.eye(n) - Dm @ A @ Dm
print(A.shape, int(A.sum()) // 2, deg[:5])

evals, evecs = jnp.linalg.eigh(L)
print(evals.round(3)[:4], bool(jnp.abs(evals[0]) < 1e-4))
fiedler = evecs[:, 1] * jnp.sign(evecs[0, 1])
print((fiedler > 0).astype(int))
print(jnp.linalg.eigvalsh(Ln).round(3)[-2:])


def power_iteration(M, v0, tol=1e-6, max_iter=500):
    def cond(state):
        i, v, lam, delta = state
        return (i < max_iter) & (delta > tol)

    def body(state):
        i, v, lam, _ = state
        w = M @ v
        new_lam = v @ w
        w = w / jnp.linalg.norm(w)
        return i + 1, w, new_lam, jnp.abs(new_lam - lam)

    i, v, lam, _ = jax.lax.while_loop(cond, body, (0, v0 / jnp.linalg.norm(v0), 0.0, jnp.inf))
    return lam, v, i


v0 = jnp.linspace(1.0, 2.0, n)
lam, v, iters = jax.jit(power_iteration)(L, v0)
print(f"{float(lam):.3f}", f"{float(evals[-1]):.3f}", iters.dtype, bool(iters < 500))
shift = evals[-1] + 1.0
M = shift * jnp.eye(n) - L
ones = jnp.ones(n) / jnp.sqrt(n)
deflated = M - shift * jnp.outer(ones, ones)
lam2, v2, _ = power_iteration(deflated, v0)
print(f"{float(shift - lam2):.3f}", f"{float(evals[1]):.3f}")
print(bool(jnp.abs(jnp.abs(v2 @ evecs[:, 1]) - 1.0) < 1e-2))


def algebraic_connectivity(w):
    Aw = blocks + w * ring
    Lw = jnp.diag(Aw.sum(1)) - Aw
    return jnp.linalg.eigvalsh(Lw)[1]


print(f"{float(algebraic_connectivity(1.0)):.4f}", f"{float(jax.grad(algebraic_connectivity)(1.0)):.4f}")
print(jax.vmap(algebraic_connectivity)(jnp.array([0.5, 1.0, 2.0])).round(3))
heat = expm(-0.5 * L)
x0 = jnp.zeros(n).at[0].set(1.0)
xt = heat @ x0
print(f"{float(xt.sum()):.4f}", xt[:size].round(3), jnp.argmax(xt))
print(jnp.linalg.matrix_rank(L), jnp.trace(L), jnp.allclose(L @ jnp.ones(n), 0))
