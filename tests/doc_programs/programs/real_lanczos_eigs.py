# The Lanczos algorithm for extreme eigenvalues of a large symmetric operator given only as a
# matrix-vector product (a graph Laplacian by segment_sum and a Hessian-vector product of a
# network loss): full reorthogonalisation in a lax.fori_loop writing basis vectors with
# dynamic_update_slice, the tridiagonal eigenproblem by jax.scipy.linalg.eigh_tridiagonal,
# Ritz values compared with jnp.linalg.eigh, and stochastic Lanczos quadrature for the trace
# of a log-determinant
import jax
import jax.numpy as jnp
from jax.scipy.linalg import eigh_tridiagonal

N, M = 60, 20
key = jax.random.key(0)
edges = jax.random.randint(key, (200, 2), 0, N)
edges = edges[edges[:, 0] != edges[:, 1]]


def laplacian_mv(v):
    s, r = edges[:, 0], edges[:, 1]
    out = jax.ops.segment_sum(v[s] - v[r], s, N) + jax.ops.segment_sum(v[r] - v[s], r, N)
    return out + 0.1 * v


def lanczos(mv, v0, m):
    n = v0.shape[0]
    V = jnp.zeros((m, n)).at[0].set(v0 / jnp.linalg.norm(v0))
    alphas, betas = jnp.zeros(m), jnp.zeros(m)

    def body(i, carry):
        V, alphas, betas = carry
        v = V[i]
        w = mv(v)
        a = w @ v
        w = w - V.T @ (V @ w)  # full reorthogonalisation (rows beyond i are zero)
        w = w - V.T @ (V @ w)
        b = jnp.linalg.norm(w)
        V = jax.lax.dynamic_update_slice(V, (w / b)[None], (jnp.minimum(i + 1, m - 1), 0))
        V = jnp.where(i + 1 < m, V, V.at[m - 1].set(v))
        return V, alphas.at[i].set(a), betas.at[i].set(b)

    return jax.lax.fori_loop(0, m, body, (V, alphas, betas))


v0 = jnp.ones(N) + 0.01 * jnp.arange(N)
V, a, b = jax.jit(lanczos, static_argnums=(0, 2))(laplacian_mv, v0, M)
ritz = eigh_tridiagonal(a, b[:-1], eigvals_only=True)
L = jax.vmap(laplacian_mv)(jnp.eye(N)).T
exact = jnp.linalg.eigvalsh(L)
print(ritz.shape, bool(jnp.allclose(ritz[-1], exact[-1], rtol=1e-3)), float(exact[-1]))
print(float(jnp.abs(V @ V.T - jnp.eye(M)).max()) < 1e-3, bool(jnp.allclose(L, L.T)))

w_true = jax.random.normal(jax.random.key(1), (8,))
X = jax.random.normal(jax.random.key(2), (100, 8))
y = jnp.tanh(X @ w_true)
loss = lambda w: jnp.mean((jnp.tanh(X @ w) - y) ** 2) + 0.01 * w @ w
w0 = 0.5 * w_true
hvp = lambda v: jax.jvp(jax.grad(loss), (w0,), (v,))[1]
_, a2, b2 = lanczos(hvp, jnp.ones(8), 8)
ritz_h = eigh_tridiagonal(a2, b2[:-1], eigvals_only=True)
exact_h = jnp.linalg.eigvalsh(jax.hessian(loss)(w0))
print(bool(jnp.allclose(jnp.sort(ritz_h), exact_h, rtol=1e-3, atol=1e-4)), float(exact_h[-1]))


def slq_logdet(mv, n, key, probes=16, m=M):
    def one(k):
        z = jax.random.rademacher(k, (n,), jnp.float32)
        _, a, b = lanczos(mv, z, m)
        T = jnp.diag(a) + jnp.diag(b[:-1], 1) + jnp.diag(b[:-1], -1)
        evals, evecs = jnp.linalg.eigh(T)
        return n * jnp.sum(evecs[0] ** 2 * jnp.log(evals))

    return jnp.mean(jax.vmap(one)(jax.random.split(key, probes)))


est = jax.jit(slq_logdet, static_argnums=(0, 1))(laplacian_mv, N, jax.random.key(3))
true = jnp.linalg.slogdet(L)[1]
print(float(true), abs(float(est) - float(true)) / abs(float(true)) < 0.1)
