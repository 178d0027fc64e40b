# Fitting a regularised multinomial logistic regression with jax.scipy.optimize.minimize: BFGS
# and the experimental L-BFGS method on the flattened parameters (ravel_pytree to go between the
# pytree and the vector), OptimizeResults fields (success, status, nit, nfev, njev, fun, jac),
# the gradient norm at the optimum, warm starts, maxiter limits, and agreement of the two methods
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree
from jax.scipy.optimize import minimize

N, D, C = 300, 5, 3
kx, kw = jax.random.split(jax.random.key(0))
X = jax.random.normal(kx, (N, D))
W_true = jax.random.normal(kw, (D, C)) * 2
y = jnp.argmax(X @ W_true + 0.5 * jax.random.gumbel(jax.random.key(1), (N, C)), 1)
params = {"W": jnp.zeros((D, C)), "b": jnp.zeros(C)}
flat0, unravel = ravel_pytree(params)
print(flat0.shape, flat0.dtype)


def nll(flat, lam=1e-2):
    p = unravel(flat)
    logits = X @ p["W"] + p["b"]
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1)) + lam * jnp.sum(p["W"] ** 2)


res = minimize(nll, flat0, method="BFGS")
print(type(res).__name__, bool(res.success), int(res.status), float(res.fun))
print(int(res.nit) > 0, int(res.nfev) >= int(res.nit), int(res.njev) >= int(res.nit), res.jac.shape)
print(float(jnp.linalg.norm(jax.grad(nll)(res.x))) < 1e-3)
res_l = minimize(nll, flat0, method="l-bfgs-experimental-do-not-rely-on-this")
print(bool(res_l.success), abs(float(res_l.fun) - float(res.fun)) < 1e-4)
print(bool(jnp.allclose(res_l.x, res.x, atol=1e-2)))
short = minimize(nll, flat0, method="BFGS", options={"maxiter": 2})
print(int(short.nit), int(short.status), float(short.fun) > float(res.fun))
warm = minimize(nll, res.x, method="BFGS")
print(int(warm.nit) <= 2, bool(warm.success))
fit = unravel(res.x)
acc = jnp.mean(jnp.argmax(X @ fit["W"] + fit["b"], 1) == y)
print(jax.tree.map(jnp.shape, fit), float(acc) > 0.7)
batched = jax.jit(jax.vmap(lambda lam: minimize(lambda f: nll(f, lam), flat0, method="BFGS").fun))(jnp.array([1e-3, 1e-2, 1e-1]))
print(batched.shape, bool(jnp.all(jnp.diff(batched) > 0)))
