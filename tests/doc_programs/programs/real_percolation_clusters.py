# Site percolation on a 32x32 lattice: occupied sites drawn with bernoulli, clusters labelled by
# iterated min-label propagation over the 4-neighbourhood in a lax.while_loop until no label
# changes, cluster sizes by bincount, spanning clusters (top-to-bottom) found with set
# intersection by isin, and the spanning probability versus occupation p by vmap over keys
import jax
import jax.numpy as jnp

L = 32
BIG = L * L


def label_clusters(occ):
    labels = jnp.where(occ, jnp.arange(BIG).reshape(L, L), BIG)

    def neighbours_min(lab):
        pad = jnp.pad(lab, 1, constant_values=BIG)
        return jnp.minimum.reduce(jnp.stack([lab, pad[:-2, 1:-1], pad[2:, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:]]), axis=0)

    def cond(s):
        return s[1]

    def body(s):
        lab, _, it = s
        new = jnp.where(occ, neighbours_min(lab), BIG)
        return new, jnp.any(new != lab), it + 1

    lab, _, it = jax.lax.while_loop(cond, body, (labels, True, 0))
    return lab, it


def spans(lab):
    top, bottom = lab[0], lab[-1]
    hit = jnp.isin(top, bottom) & (top < BIG)
    return jnp.any(hit)


occ = jax.random.bernoulli(jax.random.key(0), 0.6, (L, L))
lab, iters = jax.jit(label_clusters)(occ)
print("occupied:", int(occ.sum()), "propagation sweeps:", int(iters))
sizes = jnp.bincount(lab.ravel(), length=BIG + 1)[:BIG]
n_clusters = int(jnp.sum(sizes > 0))
print("clusters:", n_clusters, "largest:", int(sizes.max()), "sizes sum to occupied:", int(sizes.sum()) == int(occ.sum()))
print("spanning at p=0.6:", bool(spans(lab)))
small = jnp.array([[1, 1, 0, 1], [0, 1, 0, 1], [1, 0, 0, 1], [1, 1, 0, 0]], bool)
L_saved = L


def label_small(occ):
    n = occ.shape[0]
    lab = jnp.where(occ, jnp.arange(n * n).reshape(n, n), n * n)
    for _ in range(n * n):
        pad = jnp.pad(lab, 1, constant_values=n * n)
        lab = jnp.where(occ, jnp.min(jnp.stack([lab, pad[:-2, 1:-1], pad[2:, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:]]), 0), n * n)
    return lab


print("small lattice labels:\n", label_small(small))


@jax.jit
def spanning_probability(p, keys):
    def one(k):
        lab, _ = label_clusters(jax.random.bernoulli(k, p, (L, L)))
        sizes = jnp.bincount(lab.ravel(), length=BIG + 1)[:BIG]
        return spans(lab), sizes.max() / BIG

    s, frac = jax.vmap(one)(keys)
    return s.mean(), frac.mean()


keys = jax.random.split(jax.random.key(1), 24)
for p in (0.45, 0.55, 0.5927, 0.65, 0.75):
    prob, frac = spanning_probability(p, keys)
    print(f"p={p}: spanning probability {float(prob):.3f}, largest cluster fraction {float(frac):.3f}")
