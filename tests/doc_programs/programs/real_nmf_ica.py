# Matrix factorisation classics: non-negative matrix factorisation by Lee-Seung multiplicative
# updates in a jitted fori_loop, and FastICA (symmetric decorrelation through eigh, the tanh
# contrast) unmixing two synthetic sources; reconstruction errors, the recovered sources'
# correlations with the truth (up to sign and order) and the NMF factors' sparsity
import jax
import jax.numpy as jnp

key = jax.random.key(23)
kw, kh, kw0, kh0, kmix, kica = jax.random.split(key, 6)
W_true = jax.random.uniform(kw, (40, 4))
H_true = jax.random.uniform(kh, (4, 30)) * (jax.random.uniform(kh0, (4, 30)) > 0.5)
V = W_true @ H_true + 0.01


@jax.jit
def nmf(V, W, H, iters=300):
    def body(_, wh):
        W, H = wh
        H = H * (W.T @ V) / (W.T @ W @ H + 1e-9)
        W = W * (V @ H.T) / (W @ H @ H.T + 1e-9)
        return W, H

    return jax.lax.fori_loop(0, iters, body, (W, H))


W, H = nmf(V, jax.random.uniform(kw0, (40, 4)) + 0.1, jnp.full((4, 30), 0.5))
err = jnp.linalg.norm(V - W @ H) / jnp.linalg.norm(V)
print("nmf relative error %.4f" % float(err), "min entries", float(W.min()) >= 0, float(H.min()) >= 0)
print("H near-zero fraction %.2f" % float(jnp.mean(H < 1e-2)))

n = 1000
tt = jnp.linspace(0, 8, n)
S = jnp.stack([jnp.sign(jnp.sin(3 * tt)), jnp.sin(5 * tt) ** 3])
A = jnp.array([[1.0, 0.6], [0.4, 1.0]])
X = A @ S
Xc = X - X.mean(1, keepdims=True)
d, E = jnp.linalg.eigh(Xc @ Xc.T / n)
Z = (E / jnp.sqrt(d)) @ E.T @ Xc


def sym_decorrelate(W):
    s, u = jnp.linalg.eigh(W @ W.T)
    return (u / jnp.sqrt(s)) @ u.T @ W


@jax.jit
def fastica(W, Z, iters=100):
    def body(_, W):
        wz = W @ Z
        g, gp = jnp.tanh(wz), 1 - jnp.tanh(wz) ** 2
        return sym_decorrelate(g @ Z.T / n - gp.mean(1)[:, None] * W)

    return jax.lax.fori_loop(0, iters, body, sym_decorrelate(W))


Wica = fastica(jax.random.normal(kica, (2, 2)), Z)
Srec = Wica @ Z
corr = jnp.abs(jnp.corrcoef(jnp.concatenate([S, Srec]))[:2, 2:])
print("source correlations", jnp.round(jnp.max(corr, 1), 3))
print("whitened cov", jnp.round(Z @ Z.T / n, 4))
print("unmixing orthogonal", bool(jnp.allclose(Wica @ Wica.T, jnp.eye(2), atol=1e-4)))
