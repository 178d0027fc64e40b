# Graph embeddings by random walks (DeepWalk / node2vec style): a two-community graph as a
# padded adjacency list, biased second-order walks sampled with random.categorical inside
# lax.scan over steps and vmap over start nodes, skip-gram pairs from a window, negative
# sampling training of node embeddings, and community recovery by k-means on them
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
N, MAXDEG = 20, 8
community = np.arange(N) >= N // 2
adj = np.zeros((N, N), bool)
for i in range(N):
    for j in range(i + 1, N):
        p = 0.5 if community[i] == community[j] else 0.03
        if rng.random() < p:
            adj[i, j] = adj[j, i] = True
for i in range(N):
    if not adj[i].any():
        adj[i, (i + 1) % N] = adj[(i + 1) % N, i] = True
neighbors = np.full((N, MAXDEG), -1)
for i in range(N):
    nb = np.nonzero(adj[i])[0][:MAXDEG]
    neighbors[i, : len(nb)] = nb
neighbors = jnp.asarray(neighbors)
A = jnp.asarray(adj)
print("edges:", int(adj.sum() // 2), "max degree:", int(adj.sum(1).max()))


def walk(start, key, length=12, p=1.0, q=0.5):
    def step(carry, k):
        prev, cur = carry
        cand = neighbors[cur]
        valid = cand >= 0
        safe = jnp.where(valid, cand, 0)
        back = safe == prev
        near = A[prev, safe]
        weight = jnp.where(back, 1.0 / p, jnp.where(near, 1.0, 1.0 / q))
        logits = jnp.where(valid, jnp.log(weight), -jnp.inf)
        nxt = safe[jax.random.categorical(k, logits)]
        return (cur, nxt), nxt

    _, path = jax.lax.scan(step, (start, start), jax.random.split(key, length - 1))
    return jnp.concatenate([start[None], path])


walks = jax.jit(jax.vmap(walk))(jnp.tile(jnp.arange(N), 5), jax.random.split(jax.random.key(1), 5 * N))
print("walks:", walks.shape, walks.dtype)
print("first walk:", walks[0])
valid_steps = A[walks[:, :-1], walks[:, 1:]]
print("every step follows an edge:", bool(valid_steps.all()))
same = (walks >= N // 2) == (walks[:, :1] >= N // 2)
print("fraction of steps inside the start community:", round(float(same.mean()), 3))

WINDOW = 2
offsets = jnp.array([o for o in range(-WINDOW, WINDOW + 1) if o != 0])
pos = jnp.arange(walks.shape[1])
ctx_pos = pos[:, None] + offsets[None, :]
ok = (ctx_pos >= 0) & (ctx_pos < walks.shape[1])
centers = jnp.broadcast_to(walks[:, :, None], ok.shape[:0] + (walks.shape[0],) + ok.shape)
contexts = walks[:, jnp.clip(ctx_pos, 0, walks.shape[1] - 1)]
mask = jnp.broadcast_to(ok, contexts.shape)
print("skip-gram pairs:", int(mask.sum()))

DIM = 8
emb = jax.random.normal(jax.random.key(2), (N, DIM)) * 0.1
ctx_emb = jax.random.normal(jax.random.key(3), (N, DIM)) * 0.1


def sgns_loss(params, key):
    emb, ctx_emb = params
    c, o = centers[mask], contexts[mask]
    pos_score = jnp.sum(emb[c] * ctx_emb[o], -1)
    neg = jax.random.randint(key, (c.shape[0], 4), 0, N)
    neg_score = jnp.einsum("pd,pkd->pk", emb[c], ctx_emb[neg])
    return -jnp.mean(jax.nn.log_sigmoid(pos_score) + jnp.sum(jax.nn.log_sigmoid(-neg_score), -1))


num_pairs = int(mask.sum())
centers_flat, contexts_flat = np.asarray(centers)[np.asarray(mask)], np.asarray(contexts)[np.asarray(mask)]


def sgns(params, key):
    emb, ctx_emb = params
    c, o = jnp.asarray(centers_flat), jnp.asarray(contexts_flat)
    pos_score = jnp.sum(emb[c] * ctx_emb[o], -1)
    neg = jax.random.randint(key, (num_pairs, 4), 0, N)
    neg_score = jnp.einsum("pd,pkd->pk", emb[c], ctx_emb[neg])
    return -jnp.mean(jax.nn.log_sigmoid(pos_score) + jnp.sum(jax.nn.log_sigmoid(-neg_score), -1))


step = jax.jit(lambda p, k: jax.tree.map(lambda a, g: a - 1.0 * g, p, jax.grad(sgns)(p, k)))
params = (emb, ctx_emb)
print("initial loss:", round(float(sgns(params, jax.random.key(4))), 4))
for k in jax.random.split(jax.random.key(5), 300):
    params = step(params, k)
print("final loss:", round(float(sgns(params, jax.random.key(4))), 4))

E = params[0] / jnp.linalg.norm(params[0], axis=1, keepdims=True)
c = E[jnp.array([0, N - 1])]
for _ in range(10):
    assign = jnp.argmax(E @ c.T, axis=1)
    c = jnp.stack([jnp.sum(jnp.where((assign == j)[:, None], E, 0), 0) for j in range(2)])
    c = c / jnp.linalg.norm(c, axis=1, keepdims=True)
agree = jnp.mean(assign == jnp.asarray(community))
print("community recovery:", round(float(jnp.maximum(agree, 1 - agree)), 3))
