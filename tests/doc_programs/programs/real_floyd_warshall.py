# All-pairs shortest paths: Floyd-Warshall as a lax.fori_loop over intermediate vertices with
# broadcasting minimum, path reconstruction from a next-hop matrix, repeated min-plus squaring as
# an alternative (log n products of D[:, :, None] + D[None]), negative-cycle detection on the
# diagonal, Dijkstra from one source by a while_loop over a visited mask, and graph statistics
# (eccentricities, diameter, closeness centrality) on a random weighted digraph
import jax
import jax.numpy as jnp
import numpy as np

N = 8
k1, k2 = jax.random.split(jax.random.key(0))
adj = jax.random.bernoulli(k1, 0.35, (N, N)) & ~jnp.eye(N, dtype=bool)
adj = adj.at[jnp.arange(N), (jnp.arange(N) + 1) % N].set(True)  # a ring keeps it strongly connected
w = jnp.round(jax.random.uniform(k2, (N, N), minval=1, maxval=9))
D0 = jnp.where(adj, w, jnp.inf).at[jnp.diag_indices(N)].set(0.0)
print(int(adj.sum()), D0.dtype)


@jax.jit
def floyd_warshall(D):
    nxt = jnp.where(jnp.isfinite(D), jnp.arange(N)[None, :], -1)

    def body(k, carry):
        D, nxt = carry
        via = D[:, k][:, None] + D[k][None, :]
        better = via < D
        return jnp.where(better, via, D), jnp.where(better, nxt[:, k][:, None], nxt)

    return jax.lax.fori_loop(0, N, body, (D, nxt))


D, nxt = floyd_warshall(D0)


def min_plus(A, B):
    return jnp.min(A[:, :, None] + B[None, :, :], axis=1)


Dsq = D0
for _ in range(int(np.ceil(np.log2(N)))):
    Dsq = min_plus(Dsq, Dsq)
print(bool(jnp.array_equal(D, Dsq)), bool(jnp.all(jnp.isfinite(D))))


def path(i, j):
    out = [i]
    while i != j:
        i = int(nxt[i, j])
        out.append(i)
    return out


p = path(0, N // 2)
print(p, float(sum(D0[a, b] for a, b in zip(p, p[1:]))) == float(D[0, N // 2]))


@jax.jit
def dijkstra(W, src):
    dist = jnp.full(N, jnp.inf).at[src].set(0.0)
    visited = jnp.zeros(N, bool)

    def cond(s):
        dist, visited = s
        return jnp.any(~visited & jnp.isfinite(dist))

    def body(s):
        dist, visited = s
        u = jnp.argmin(jnp.where(visited, jnp.inf, dist))
        dist = jnp.minimum(dist, dist[u] + W[u])
        return dist, visited.at[u].set(True)

    return jax.lax.while_loop(cond, body, (dist, visited))[0]


print(bool(jnp.array_equal(jax.vmap(dijkstra, (None, 0))(D0, jnp.arange(N)), D)))
neg = D0.at[1, 2].set(-20.0)
Dn, _ = floyd_warshall(neg)
print(bool(jnp.any(jnp.diag(Dn) < 0)), bool(jnp.all(jnp.diag(D) == 0)))
ecc = D.max(1)
print(ecc, float(ecc.max()), float(ecc.min()))
closeness = (N - 1) / D.sum(1)
print(int(jnp.argmax(closeness)), closeness.dtype)
