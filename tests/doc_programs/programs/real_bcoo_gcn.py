# A graph convolutional network with a sparse adjacency: the normalised adjacency
# D^-1/2 (A + I) D^-1/2 built as a jax.experimental.sparse BCOO from an edge list, degrees by
# bcoo_reduce_sum / sum, sparse @ dense products inside the model, gradients with respect to the
# dense weights through the sparse matmul, training with jit, a comparison with the dense
# adjacency (todense), and sparsify-transformed functions
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import sparse

N, F, C = 24, 6, 3
rng = np.random.default_rng(0)
labels = np.repeat(np.arange(C), N // C)
edges = set()
while len(edges) < 60:
    i, j = rng.integers(0, N, size=2)
    if i != j and (labels[i] == labels[j] or rng.uniform() < 0.15):
        edges.add((min(i, j), max(i, j)))
edges = np.array(sorted(edges))
src = np.concatenate([edges[:, 0], edges[:, 1], np.arange(N)])
dst = np.concatenate([edges[:, 1], edges[:, 0], np.arange(N)])
A = sparse.BCOO((jnp.ones(len(src)), jnp.stack([jnp.asarray(src), jnp.asarray(dst)], 1)), shape=(N, N))
print(A.shape, A.nse, A.data.dtype, A.indices.dtype)
deg = A.sum(axis=1).todense()
dinv = 1.0 / jnp.sqrt(deg)
A_hat = sparse.BCOO((A.data * dinv[A.indices[:, 0]] * dinv[A.indices[:, 1]], A.indices), shape=A.shape)
dense = A_hat.todense()
print(bool(jnp.allclose(dense, dense.T)), f"{float(jnp.max(jnp.linalg.eigvalsh(dense))):.4f}")

feats = jax.nn.one_hot(jnp.asarray(labels), F) + 0.5 * jax.random.normal(jax.random.key(0), (N, F))
y = jnp.asarray(labels)
train = jnp.arange(N) % 2 == 0


def init(key):
    k1, k2 = jax.random.split(key)
    g = jax.nn.initializers.glorot_normal()
    return {"W1": g(k1, (F, 8)), "W2": g(k2, (8, C))}


def gcn(params, adj, x):
    h = jax.nn.relu(adj @ (x @ params["W1"]))
    return adj @ (h @ params["W2"])


def loss_fn(params, adj):
    logp = jax.nn.log_softmax(gcn(params, adj, feats))
    nll = -jnp.take_along_axis(logp, y[:, None], 1)[:, 0]
    return jnp.sum(jnp.where(train, nll, 0.0)) / train.sum()


params = init(jax.random.key(1))
print(bool(jnp.allclose(gcn(params, A_hat, feats), gcn(params, dense, feats), atol=1e-5)))
gs = jax.grad(loss_fn)(params, A_hat)
gd = jax.grad(loss_fn)(params, dense)
print(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-5)), gs, gd))
step = jax.jit(lambda p, adj: jax.tree.map(lambda a, g: a - 0.5 * g, p, jax.grad(loss_fn)(p, adj)))
first = float(loss_fn(params, A_hat))
for _ in range(60):
    params = step(params, A_hat)
pred = jnp.argmax(gcn(params, A_hat, feats), -1)
print(f"{first:.4f}", float(loss_fn(params, A_hat)) < first, bool(jnp.mean(pred[~train] == y[~train]) > 0.7))
two_hop = sparse.sparsify(lambda a, v: a @ (a @ v))(A_hat, jnp.ones(N))
print(two_hop.shape, bool(jnp.allclose(two_hop, dense @ (dense @ jnp.ones(N)), atol=1e-5)))
B = sparse.BCOO.fromdense(jnp.where(dense > 0.3, dense, 0.0))
print(B.nse, type(B).__name__, (B.T @ jnp.ones(N)).shape, sparse.bcoo_reduce_sum(B, axes=(0,)).todense().shape)
