# jax.scipy.optimize.minimize (BFGS) fitting an L2-regularised logistic regression and a
# Rosenbrock function from several starts under vmap, with the result's fields, the
# predicted probabilities, and the fit's gradient norm at the optimum
import jax
import jax.numpy as jnp
import jax.scipy.optimize
import numpy as np

rng = np.random.default_rng(3)
n, d = 200, 5
X = rng.normal(size=(n, d)).astype(np.float32)
w_true = np.array([1.5, -2.0, 0.5, 0.0, 1.0], np.float32)
p = 1 / (1 + np.exp(-(X @ w_true + 0.3)))
y = (rng.uniform(size=n) < p).astype(np.float32)
X, y = jnp.asarray(X), jnp.asarray(y)


def nll(params):
    w, b = params[:-1], params[-1]
    logits = X @ w + b
    return jnp.mean(jax.nn.softplus(logits) - y * logits) + 1e-3 * jnp.sum(w**2)


res = jax.scipy.optimize.minimize(nll, jnp.zeros(d + 1), method="BFGS")
print(type(res).__name__, res.success, int(res.status))
print("w", jnp.round(res.x, 2))
print("fun", round(float(res.fun), 5), "nit>0", bool(res.nit > 0))
print("grad norm small", bool(jnp.linalg.norm(jax.grad(nll)(res.x)) < 1e-3))
probs = jax.nn.sigmoid(X @ res.x[:-1] + res.x[-1])
acc = jnp.mean((probs > 0.5) == (y > 0.5))
print("train acc", round(float(acc), 3))


def rosen(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


starts = jnp.array([[-1.2, 1.0, 0.5], [0.0, 0.0, 0.0], [1.5, 1.5, 1.5], [0.5, -0.5, 1.0]])
fit = jax.jit(jax.vmap(lambda x0: jax.scipy.optimize.minimize(rosen, x0, method="BFGS", options=dict(maxiter=200))))
out = fit(starts)
print("rosen x", jnp.round(out.x, 3))
print("rosen f<1e-6", out.fun < 1e-6)
print("shapes", out.x.shape, out.fun.shape, out.jac.shape, out.hess_inv.shape)
