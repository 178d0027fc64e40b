# Federated averaging over 6 simulated clients with non-IID data: each client's local SGD epochs
# run by fori_loop and vmapped over clients, their updates compressed by top-k sparsification
# with error feedback (the residual kept per client), the server averaging the sparse updates
# weighted by client sizes; accuracy per round and the compression ratio reported
import jax
import jax.numpy as jnp

C, N, D, TOPK = 6, 40, 10, 12
key = jax.random.key(11)
kw, kx = jax.random.split(key)
w_true = jax.random.normal(kw, (D,))
shifts = jnp.linspace(-1.0, 1.0, C)[:, None, None]
X = jax.random.normal(kx, (C, N, D)) + shifts
Y = (X @ w_true > 0).astype(jnp.float32)
sizes = jnp.array([40, 30, 40, 20, 40, 35], jnp.float32)
mask = jnp.arange(N)[None, :] < sizes[:, None]


def loss(w, x, y, m):
    logits = x @ w
    l = jnp.maximum(logits, 0) - logits * y + jnp.log1p(jnp.exp(-jnp.abs(logits)))
    return jnp.sum(l * m) / jnp.sum(m)


def local_train(w, x, y, m, epochs=5, lr=0.5):
    return jax.lax.fori_loop(0, epochs, lambda _, w: w - lr * jax.grad(loss)(w, x, y, m), w)


def topk_compress(u, resid):
    u = u + resid
    idx = jnp.argsort(-jnp.abs(u))[:TOPK]
    sparse = jnp.zeros_like(u).at[idx].set(u[idx])
    return sparse, u - sparse


@jax.jit
def fed_round(w, resid):
    local = jax.vmap(local_train, (None, 0, 0, 0))(w, X, Y, mask)
    updates = local - w
    sparse, resid = jax.vmap(topk_compress)(updates, resid)
    avg = jnp.sum(sparse * sizes[:, None], 0) / jnp.sum(sizes)
    return w + avg, resid, jnp.count_nonzero(sparse, axis=1)


def accuracy(w):
    pred = (X @ w > 0).astype(jnp.float32)
    return jnp.sum((pred == Y) * mask) / jnp.sum(mask)


w = jnp.zeros(D)
resid = jnp.zeros((C, D))
for r in range(6):
    w, resid, nnz = fed_round(w, resid)
    print(f"round {r} acc {float(accuracy(w)):.3f} nnz {nnz.tolist()} resid {float(jnp.linalg.norm(resid)):.3f}")
cos = jnp.dot(w, w_true) / (jnp.linalg.norm(w) * jnp.linalg.norm(w_true))
print("cosine to truth %.3f" % float(cos))
print("sent %d of %d floats per round" % (C * TOPK, C * D))
