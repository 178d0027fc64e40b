# Mean-variance portfolio optimisation on simulated returns: correlated returns from a Cholesky
# factor with random.multivariate_normal, sample mean and jnp.cov, projected gradient ascent onto
# the probability simplex (the sort-based projection), the closed-form minimum-variance weights
# by cho_factor / cho_solve, an efficient frontier by vmap over risk aversions, Sharpe ratios,
# rolling-window statistics with lax.scan, drawdowns with cummax, and softmax-parameterised
# weights trained by gradient
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve

A, T = 5, 250
key = jax.random.key(0)
k1, k2 = jax.random.split(key)
L = jnp.tril(jax.random.normal(k1, (A, A))) * 0.02 + jnp.eye(A) * 0.01
true_cov = L @ L.T
true_mu = jnp.linspace(0.0002, 0.001, A)
R = jax.random.multivariate_normal(k2, true_mu, true_cov, (T,))
print(R.shape, R.dtype)
mu = R.mean(0)
cov = jnp.cov(R, rowvar=False)
print(cov.shape, bool(jnp.allclose(cov, cov.T)), bool(jnp.all(jnp.linalg.eigvalsh(cov) > 0)))


def project_simplex(v):
    u = jnp.sort(v)[::-1]
    css = jnp.cumsum(u)
    k = jnp.arange(1, v.shape[0] + 1)
    cond = u - (css - 1) / k > 0
    rho = jnp.max(jnp.where(cond, k, 0))
    theta = (css[rho - 1] - 1) / rho
    return jnp.maximum(v - theta, 0.0)


p = project_simplex(jnp.array([0.5, 1.2, -0.3, 0.1, 0.4]))
print(p, f"{float(p.sum()):.5f}")


def objective(w, gamma):
    return w @ mu - 0.5 * gamma * w @ cov @ w


def optimise(gamma, steps=500, lr=5.0):
    def body(w, _):
        return project_simplex(w + lr * jax.grad(objective)(w, gamma)), None

    w, _ = jax.lax.scan(body, jnp.full(A, 1.0 / A), None, length=steps)
    return w


c, low = cho_factor(cov)
ones = jnp.ones(A)
w_mv = cho_solve((c, low), ones)
w_mv = w_mv / w_mv.sum()
print(jnp.round(w_mv, 3).shape, f"{float(w_mv @ cov @ w_mv * 1e4):.4f}")
gammas = jnp.array([1.0, 10.0, 100.0, 1000.0])
frontier = jax.jit(jax.vmap(optimise))(gammas)
rets = frontier @ mu
vols = jnp.sqrt(jnp.einsum("ga,ab,gb->g", frontier, cov, frontier))
print(frontier.shape, bool(jnp.allclose(frontier.sum(1), 1.0, atol=1e-5)), bool(jnp.all(frontier >= 0)))
print(bool(jnp.all(jnp.diff(vols) <= 1e-6)), bool(jnp.all(jnp.diff(rets) <= 1e-6)))
sharpe = rets / vols * jnp.sqrt(252.0)
print([f"{float(s):.3f}" for s in sharpe])


def rolling(carry, r):
    window = jnp.concatenate([carry[1:], r[None]])
    return window, (window.mean(0), window.std(0))


_, (rmean, rstd) = jax.lax.scan(rolling, jnp.zeros((20, A)), R)
print(rmean.shape, bool(jnp.allclose(rmean[-1], R[-20:].mean(0), atol=1e-7)))
wealth = jnp.cumprod(1.0 + R @ frontier[1])
drawdown = 1.0 - wealth / jax.lax.cummax(wealth)
print(f"{float(drawdown.max()):.4f}", int(jnp.argmax(drawdown)) > 0, wealth.shape)
logits = jnp.zeros(A)
loss = lambda z: -objective(jax.nn.softmax(z), 10.0)
for _ in range(200):
    logits = logits - 50.0 * jax.grad(loss)(logits)
print(bool(jnp.allclose(jax.nn.softmax(logits), frontier[1], atol=0.05)), f"{float(-loss(logits) * 1e4):.3f}")
