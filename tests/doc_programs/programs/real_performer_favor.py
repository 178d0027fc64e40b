# Performer-style linear attention (FAVOR+): positive orthogonal random features built from QR of
# Gaussian blocks, softmax-kernel estimates phi(q) . phi(k) compared with exp(q . k), the
# bidirectional linear attention in O(T) by associativity, causal linear attention by a prefix
# sum (jnp.cumsum of outer products and a lax.scan carrying the running state), and the
# approximation error against exact softmax attention as the feature count grows
import jax
import jax.numpy as jnp

T, D = 64, 8


def orthogonal_features(key, m, d):
    blocks = []
    keys = jax.random.split(key, m // d + 1)
    for k in keys[:-1]:
        q, _ = jnp.linalg.qr(jax.random.normal(k, (d, d)))
        blocks.append(q.T)
    W = jnp.concatenate(blocks)[:m]
    norms = jnp.linalg.norm(jax.random.normal(keys[-1], (m, d)), axis=1)
    return W * norms[:, None]


def phi(x, W):
    m = W.shape[0]
    return jnp.exp(x @ W.T - 0.5 * (x**2).sum(-1, keepdims=True)) / jnp.sqrt(m)


def softmax_attention(q, k, v, causal=False):
    s = q @ k.T
    if causal:
        s = jnp.where(jnp.tril(jnp.ones((T, T), bool)), s, -jnp.inf)
    return jax.nn.softmax(s, -1) @ v


def linear_attention(q, k, v, W):
    qp, kp = phi(q, W), phi(k, W)
    kv = kp.T @ v
    norm = qp @ kp.sum(0)
    return (qp @ kv) / norm[:, None]


def causal_linear_cumsum(q, k, v, W):
    qp, kp = phi(q, W), phi(k, W)
    kv = jnp.cumsum(kp[:, :, None] * v[:, None, :], 0)
    ksum = jnp.cumsum(kp, 0)
    return jnp.einsum("tm,tmd->td", qp, kv) / (qp * ksum).sum(-1, keepdims=True)


def causal_linear_scan(q, k, v, W):
    qp, kp = phi(q, W), phi(k, W)

    def step(carry, inp):
        S, z = carry
        qt, kt, vt = inp
        S = S + jnp.outer(kt, vt)
        z = z + kt
        return (S, z), (qt @ S) / (qt @ z)

    _, out = jax.lax.scan(step, (jnp.zeros((kp.shape[1], D)), jnp.zeros(kp.shape[1])), (qp, kp, v))
    return out


kq, kk, kv_, kw = jax.random.split(jax.random.key(0), 4)
q = 0.3 * jax.random.normal(kq, (T, D))
k = 0.3 * jax.random.normal(kk, (T, D))
v = jax.random.normal(kv_, (T, D))
W = orthogonal_features(kw, 256, D)
print(W.shape, bool(jnp.allclose(W[:D] @ W[:D].T * 0 + jnp.eye(D), jnp.eye(D))))
Q = W[:D] / jnp.linalg.norm(W[:D], axis=1, keepdims=True)
print(float(jnp.abs(Q @ Q.T - jnp.eye(D)).max()) < 1e-5)
est = phi(q[:4], W) @ phi(k[:4], W).T
exact = jnp.exp(q[:4] @ k[:4].T)
print(float(jnp.abs(est / exact - 1).max()) < 0.2)
exact_out = softmax_attention(q, k, v)
errs = []
for m in (16, 64, 256, 1024):
    Wm = orthogonal_features(jax.random.key(1), m, D)
    errs.append(float(jnp.abs(jax.jit(linear_attention)(q, k, v, Wm) - exact_out).mean()))
print(errs[-1] < errs[0], errs[-1] < 0.05)
c1 = jax.jit(causal_linear_cumsum)(q, k, v, W)
c2 = jax.jit(causal_linear_scan)(q, k, v, W)
print(bool(jnp.allclose(c1, c2, atol=1e-4)), float(jnp.abs(c1 - softmax_attention(q, k, v, True)).mean()) < 0.1)
print(bool(jnp.allclose(c1[0], v[0], atol=1e-5)))
g = jax.grad(lambda q: causal_linear_scan(q, k, v, W).sum())(q)
print(g.shape, bool(jnp.isfinite(g).all()))
