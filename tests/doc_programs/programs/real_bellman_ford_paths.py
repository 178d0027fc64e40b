# Graph algorithms on an edge list with while_loop and segment_min: Bellman-Ford shortest paths
# with early stopping, predecessor recovery, path reconstruction by a bounded fori_loop,
# negative-cycle detection, PageRank by power iteration with dangling nodes, and connected
# components by min-label propagation
import jax
import jax.numpy as jnp

src = jnp.array([0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7])
dst = jnp.array([1, 2, 2, 3, 4, 4, 5, 5, 6, 7, 3, 5])
w = jnp.array([4.0, 1.0, 2.0, 5.0, 8.0, 3.0, 6.0, 1.0, 2.0, 1.0, 7.0, 3.0])
N = 8


def bellman_ford(src, dst, w, source):
    dist0 = jnp.full(N, jnp.inf).at[source].set(0.0)

    def relax(state):
        it, dist, _ = state
        cand = dist[src] + w
        best = jax.ops.segment_min(cand, dst, num_segments=N)
        new = jnp.minimum(dist, best)
        return it + 1, new, jnp.any(new < dist)

    it, dist, _ = jax.lax.while_loop(lambda s: (s[0] < N) & s[2], relax, (0, dist0, True))
    cand = dist[src] + w
    neg_cycle = jnp.any(cand < dist[dst] - 1e-6)
    on_edge = (cand == dist[dst]) & jnp.isfinite(cand)
    pred = jax.ops.segment_max(jnp.where(on_edge, src, -1), dst, num_segments=N)
    return dist, pred.at[source].set(-1), it, neg_cycle


def path_to(pred, target):
    def body(i, s):
        path, node = s
        path = path.at[i].set(node)
        return path, jnp.where(node >= 0, pred[jnp.maximum(node, 0)], -1)

    path, _ = jax.lax.fori_loop(0, N, body, (jnp.full(N, -1), target))
    return path


dist, pred, it, neg = jax.jit(bellman_ford, static_argnums=())(src, dst, w, 0)
print("dist", dist)
print("pred", pred, "iterations", int(it), "negative cycle", bool(neg))
print("path to 7 (reversed)", path_to(pred, 7))
print("from 3", jax.jit(bellman_ford)(src, dst, w, 3)[0])
_, _, _, neg2 = bellman_ford(jnp.append(src, 5), jnp.append(dst, 3), jnp.append(w, -10.0), 0)
print("negative cycle added", bool(neg2))


def pagerank(src, dst, d=0.85, iters=50):
    outdeg = jax.ops.segment_sum(jnp.ones_like(src, dtype=jnp.float32), src, num_segments=N)
    dangling = outdeg == 0

    def body(i, r):
        contrib = jax.ops.segment_sum(r[src] / outdeg[src], dst, num_segments=N)
        return (1 - d) / N + d * (contrib + jnp.sum(jnp.where(dangling, r, 0.0)) / N)

    return jax.lax.fori_loop(0, iters, body, jnp.full(N, 1.0 / N))


pr = jax.jit(pagerank)(src, dst)
print("pagerank", jnp.round(pr, 4), round(float(pr.sum()), 5), jnp.argsort(-pr)[:3])

und_src = jnp.array([0, 1, 3, 5, 6])
und_dst = jnp.array([1, 2, 4, 6, 7])


def components(a, b, n):
    s, t = jnp.concatenate([a, b]), jnp.concatenate([b, a])

    def body(state):
        labels, _ = state
        m = jax.ops.segment_min(labels[s], t, num_segments=n)
        new = jnp.minimum(labels, m)
        return new, jnp.any(new != labels)

    labels, _ = jax.lax.while_loop(lambda st: st[1], body, (jnp.arange(n), True))
    return labels


lab = components(und_src, und_dst, 9)
print("components", lab, len(jnp.unique(lab)))
