# Sparse graph algorithms without a sparse library: an edge list in COO form, a sparse
# matrix-vector product by segment_sum, PageRank by power iteration in a while_loop, degree
# statistics, HITS hubs and authorities, and label propagation by segment_max
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(11)
N = 30
src = rng.integers(0, N, size=120)
dst = (src + rng.integers(1, 6, size=120)) % N
src, dst = jnp.asarray(src, jnp.int32), jnp.asarray(dst, jnp.int32)

out_deg = jax.ops.segment_sum(jnp.ones_like(src, jnp.float32), src, num_segments=N)
in_deg = jax.ops.segment_sum(jnp.ones_like(dst, jnp.float32), dst, num_segments=N)
print("edges", src.shape[0], "max out", int(out_deg.max()), "max in", int(in_deg.max()), "dangling", int((out_deg == 0).sum()))


def spmv(vals, x):
    return jax.ops.segment_sum(vals * x[src], dst, num_segments=N)


@jax.jit
def pagerank(damping=0.85, tol=1e-6):
    w = 1.0 / jnp.maximum(out_deg[src], 1.0)
    dangling = out_deg == 0

    def cond(st):
        _, delta, it = st
        return (delta > tol) & (it < 200)

    def body(st):
        r, _, it = st
        leak = jnp.sum(jnp.where(dangling, r, 0.0)) / N
        r_new = (1 - damping) / N + damping * (spmv(w, r) + leak)
        return r_new, jnp.sum(jnp.abs(r_new - r)), it + 1

    r0 = jnp.full((N,), 1.0 / N)
    return jax.lax.while_loop(cond, body, (r0, jnp.inf, 0))


r, delta, iters = pagerank()
print("pagerank iters", int(iters), "sum", round(float(r.sum()), 5))
print("top5", jnp.argsort(-r)[:5], jnp.round(jnp.sort(r)[::-1][:5], 4))
A = jnp.zeros((N, N)).at[dst, src].add(1.0)
print("spmv matches dense", bool(jnp.allclose(spmv(jnp.ones(src.shape[0]), jnp.arange(N, dtype=jnp.float32)), A @ jnp.arange(N, dtype=jnp.float32))))


def hits(steps=50):
    def body(_, ha):
        h, a = ha
        a = jax.ops.segment_sum(h[src], dst, num_segments=N)
        a = a / jnp.linalg.norm(a)
        h = jax.ops.segment_sum(a[dst], src, num_segments=N)
        return h / jnp.linalg.norm(h), a

    return jax.lax.fori_loop(0, steps, body, (jnp.ones(N), jnp.ones(N)))


h, a = jax.jit(hits)()
print("best hub", int(jnp.argmax(h)), "best authority", int(jnp.argmax(a)))

labels = jnp.arange(N)


def propagate(lbl, _):
    incoming = jax.ops.segment_max(lbl[src], dst, num_segments=N)
    return jnp.maximum(lbl, incoming), None


final, _ = jax.lax.scan(propagate, labels, None, length=N)
print("components (max label)", jnp.unique(final, size=3, fill_value=-1))
seg_mean = jax.ops.segment_sum(r[src], dst, num_segments=N) / jnp.maximum(in_deg, 1)
print("mean in-neighbour rank", jnp.round(seg_mean[:6], 4))
