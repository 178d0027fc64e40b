# L-BFGS written by hand for a logistic regression with L2 penalty: a ring buffer of the last M
# (s, y) pairs updated by dynamic_update_slice at step % M, the two-loop recursion as two
# fori_loops over the buffer in the right order, a backtracking Armijo line search in a
# while_loop, the outer loop as a while_loop with a gradient-norm tolerance, compared with
# jax.scipy.optimize.minimize(method="BFGS") and with Newton's method via jax.hessian
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize

N, DIM, M, LAM = 200, 6, 5, 1e-2
kx, kw = jax.random.split(jax.random.key(0))
X = jax.random.normal(kx, (N, DIM))
w_true = jax.random.normal(kw, (DIM,))
y = (X @ w_true + 0.5 * jax.random.normal(kx, (N,)) > 0).astype(jnp.float32)


def loss(w):
    z = X @ w
    return jnp.mean(jnp.logaddexp(0.0, z) - y * z) + 0.5 * LAM * jnp.sum(w**2)


def two_loop(g, S, Y, k):
    n = jnp.minimum(k, M)
    rho = 1.0 / jnp.maximum(jnp.sum(S * Y, -1), 1e-10)

    def first(i, carry):
        q, alpha = carry
        j = (k - 1 - i) % M
        a = jnp.where(i < n, rho[j] * S[j] @ q, 0.0)
        return q - a * Y[j], alpha.at[j].set(a)

    q, alpha = jax.lax.fori_loop(0, M, first, (g, jnp.zeros(M)))
    last = (k - 1) % M
    gamma = jnp.where(k > 0, S[last] @ Y[last] / jnp.maximum(Y[last] @ Y[last], 1e-10), 1.0)
    r = gamma * q

    def second(i, r):
        j = (k - n + i) % M
        b = rho[j] * Y[j] @ r
        return jnp.where(i < n, r + S[j] * (alpha[j] - b), r)

    return jax.lax.fori_loop(0, M, second, r)


def line_search(w, f, g, d):
    def cond(s):
        t, it = s
        return (loss(w + t * d) > f + 1e-4 * t * (g @ d)) & (it < 30)

    t, _ = jax.lax.while_loop(cond, lambda s: (s[0] * 0.5, s[1] + 1), (1.0, 0))
    return t


@jax.jit
def lbfgs(w0, tol=1e-5, max_iter=100):
    def cond(s):
        w, S, Y, k, g = s
        return (jnp.linalg.norm(g) > tol) & (k < max_iter)

    def body(s):
        w, S, Y, k, g = s
        d = -two_loop(g, S, Y, k)
        t = line_search(w, loss(w), g, d)
        w_new = w + t * d
        g_new = jax.grad(loss)(w_new)
        slot = k % M
        S = jax.lax.dynamic_update_slice(S, (w_new - w)[None], (slot, 0))
        Y = jax.lax.dynamic_update_slice(Y, (g_new - g)[None], (slot, 0))
        return w_new, S, Y, k + 1, g_new

    init = (w0, jnp.zeros((M, DIM)), jnp.zeros((M, DIM)), 0, jax.grad(loss)(w0))
    w, S, Y, k, g = jax.lax.while_loop(cond, body, init)
    return w, k, jnp.linalg.norm(g)


w, iters, gnorm = lbfgs(jnp.zeros(DIM))
print(w.shape, iters.dtype, int(iters) < 100, bool(gnorm < 1e-5))
res = minimize(loss, jnp.zeros(DIM), method="BFGS", tol=1e-8)
print(bool(res.success), bool(jnp.allclose(w, res.x, atol=1e-3)), f"{float(loss(w)):.5f}", f"{float(res.fun):.5f}")


def newton(w, _):
    return w - jnp.linalg.solve(jax.hessian(loss)(w), jax.grad(loss)(w)), loss(w)


w_n, hist = jax.lax.scan(newton, jnp.zeros(DIM), None, length=8)
print(bool(jnp.allclose(w, w_n, atol=1e-3)), [f"{float(h):.4f}" for h in hist[:3]])
acc = jnp.mean((X @ w > 0) == (y > 0.5))
print(f"{float(acc):.3f}", f"{float(jnp.corrcoef(w, w_true)[0, 1]):.3f}")
S = jnp.eye(M, DIM)
Y = 2.0 * S
print(jnp.round(two_loop(jnp.ones(DIM), S, Y, jnp.int32(M)), 3))
