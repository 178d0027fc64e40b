# Collaborative filtering by matrix factorisation: a sparse ratings matrix as (user, item,
# rating) triples, alternating least squares where each user's / item's factor is a ridge
# solve built with segment sums of outer products and jnp.linalg.solve vmapped over rows,
# RMSE on held-out triples, then the same model refined with minibatch SGD on biases and
# factors, and top-k recommendations masking already-rated items
import jax
import jax.numpy as jnp
import numpy as np

NU, NI, K, LAM = 20, 15, 3, 0.1
rng = np.random.default_rng(0)
U_true = rng.normal(size=(NU, K))
V_true = rng.normal(size=(NI, K))
pairs = np.array([(u, i) for u in range(NU) for i in range(NI) if rng.uniform() < 0.45])
ratings = (U_true[pairs[:, 0]] * V_true[pairs[:, 1]]).sum(1) + 0.1 * rng.normal(size=len(pairs))
perm = rng.permutation(len(pairs))
test_idx, train_idx = perm[:20], perm[20:]
users, items, r = (jnp.asarray(a) for a in (pairs[train_idx, 0], pairs[train_idx, 1], ratings[train_idx]))
tu, ti, tr = (jnp.asarray(a) for a in (pairs[test_idx, 0], pairs[test_idx, 1], ratings[test_idx]))
r = r.astype(jnp.float32)
print(users.shape, users.dtype, r.dtype, int(jnp.bincount(users, length=NU).min()))


def solve_side(rows, cols, r, other, n_rows):
    outer = other[cols][:, :, None] * other[cols][:, None, :]
    A = jax.ops.segment_sum(outer, rows, num_segments=n_rows) + LAM * jnp.eye(K)
    b = jax.ops.segment_sum(other[cols] * r[:, None], rows, num_segments=n_rows)
    return jax.vmap(jnp.linalg.solve)(A, b)


@jax.jit
def als_sweep(U, V):
    U = solve_side(users, items, r, V, NU)
    V = solve_side(items, users, r, U, NI)
    return U, V


def rmse(U, V, u, i, y, bu=0.0, bi=0.0):
    pred = jnp.sum(U[u] * V[i], -1) + (bu[u] if not isinstance(bu, float) else 0.0) + (bi[i] if not isinstance(bi, float) else 0.0)
    return jnp.sqrt(jnp.mean((pred - y) ** 2))


key = jax.random.key(0)
U = 0.1 * jax.random.normal(key, (NU, K))
V = 0.1 * jax.random.normal(jax.random.fold_in(key, 1), (NI, K))
hist = []
for _ in range(8):
    U, V = als_sweep(U, V)
    hist.append(float(rmse(U, V, users, items, r)))
print(f"{hist[0]:.4f}", f"{hist[-1]:.4f}", all(b <= a + 1e-4 for a, b in zip(hist, hist[1:])))
print(f"{float(rmse(U, V, tu, ti, tr)):.3f}", bool(rmse(U, V, tu, ti, tr) < 1.0))


def sgd_loss(params, u, i, y):
    pred = jnp.sum(params["U"][u] * params["V"][i], -1) + params["bu"][u] + params["bi"][i] + params["mu"]
    reg = LAM * (jnp.sum(params["U"][u] ** 2) + jnp.sum(params["V"][i] ** 2)) / u.shape[0]
    return jnp.mean((pred - y) ** 2) + reg


params = {"U": U, "V": V, "bu": jnp.zeros(NU), "bi": jnp.zeros(NI), "mu": jnp.float32(0.0)}


@jax.jit
def sgd_epoch(params, key):
    order = jax.random.permutation(key, users.shape[0])
    nb = users.shape[0] // 16
    batches = order[: nb * 16].reshape(nb, 16)

    def body(p, idx):
        loss, g = jax.value_and_grad(sgd_loss)(p, users[idx], items[idx], r[idx])
        return jax.tree.map(lambda a, b: a - 0.05 * b, p, g), loss

    return jax.lax.scan(body, params, batches)


for e in range(5):
    params, losses = sgd_epoch(params, jax.random.fold_in(key, 100 + e))
print(losses.shape, bool(losses[-1] < 1.0), jax.tree.map(lambda a: a.shape, params))
scores = params["U"] @ params["V"].T
rated = jnp.zeros((NU, NI), bool).at[users, items].set(True)
_, top = jax.lax.top_k(jnp.where(rated, -jnp.inf, scores), 3)
print(top.shape, top.dtype, bool(jnp.all(~rated[jnp.arange(NU)[:, None], top])))
