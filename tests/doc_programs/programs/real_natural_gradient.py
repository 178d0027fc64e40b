# Natural-gradient descent for softmax regression: the Fisher information as the expected
# outer product of per-example score vectors (vmap of grad) and as the Gauss-Newton matrix
# J^T H J (jacfwd of the logits, the softmax Hessian), damped solves with jnp.linalg.solve and
# with CG on Fisher-vector products built from jvp / vjp, compared with plain gradient descent
import jax
import jax.numpy as jnp

N, D, K = 200, 5, 3
key = jax.random.key(31)
k1, k2 = jax.random.split(key)
X = jax.random.normal(k1, (N, D)) * jnp.array([3.0, 1.0, 0.3, 1.0, 0.1])
W_true = jax.random.normal(k2, (D, K))
y = jnp.argmax(X @ W_true, 1)


def logits(w, x):
    return x @ w.reshape(D, K)


def nll(w, x, y):
    return jax.nn.logsumexp(logits(w, x)) - logits(w, x)[y]


def loss(w):
    return jnp.mean(jax.vmap(nll, in_axes=(None, 0, 0))(w, X, y))


def fisher_empirical(w):
    g = jax.vmap(jax.grad(nll), in_axes=(None, 0, 0))(w, X, y)
    return g.T @ g / N


def fisher_ggn(w):
    J = jax.vmap(jax.jacfwd(logits), in_axes=(None, 0))(w, X)  # N, K, D*K
    p = jax.nn.softmax(X @ w.reshape(D, K))
    Hs = jax.vmap(lambda p: jnp.diag(p) - jnp.outer(p, p))(p)
    return jnp.einsum("nkd,nkl,nle->de", J, Hs, J) / N


def fvp(w, v):
    def f(w):
        return X @ w.reshape(D, K)

    z, Jv = jax.jvp(f, (w,), (v,))
    p = jax.nn.softmax(z)
    HJv = p * Jv - p * jnp.sum(p * Jv, -1, keepdims=True)
    return jax.vjp(f, w)[1](HJv / N)[0]


w0 = jnp.zeros(D * K)
F = fisher_ggn(w0 + 0.1)
v = jnp.arange(D * K, dtype=jnp.float32) / 10
print("Fisher:", F.shape, "symmetric:", bool(jnp.allclose(F, F.T, atol=1e-6)), "PSD:", bool(jnp.linalg.eigvalsh(F).min() > -1e-5))
print("FVP matches GGN:", bool(jnp.allclose(fvp(w0 + 0.1, v), F @ v, atol=1e-4)))
print("empirical Fisher trace:", round(float(jnp.trace(fisher_empirical(w0))), 3), "GGN trace:", round(float(jnp.trace(fisher_ggn(w0))), 3))


@jax.jit
def ngd_step(w):
    g = jax.grad(loss)(w)
    F = fisher_ggn(w) + 1e-3 * jnp.eye(D * K)
    return w - jnp.linalg.solve(F, g)


@jax.jit
def ngd_cg_step(w):
    g = jax.grad(loss)(w)
    step, _ = jax.scipy.sparse.linalg.cg(lambda v: fvp(w, v) + 1e-3 * v, g, maxiter=50)
    return w - step


@jax.jit
def gd_step(w):
    return w - 0.1 * jax.grad(loss)(w)


w_n = w_c = w_g = w0
for i in range(10):
    w_n, w_c = ngd_step(w_n), ngd_cg_step(w_c)
for i in range(100):
    w_g = gd_step(w_g)
acc = lambda w: float(jnp.mean(jnp.argmax(logits(w, X), 1) == y))
print("NGD 10 steps loss:", round(float(loss(w_n)), 4), "accuracy:", acc(w_n))
print("NGD-CG agrees:", bool(abs(float(loss(w_c)) - float(loss(w_n))) < 1e-2))
print("GD 100 steps loss:", round(float(loss(w_g)), 4), "worse than NGD:", bool(loss(w_g) > loss(w_n)))
