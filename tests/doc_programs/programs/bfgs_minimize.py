# jax.scipy.optimize.minimize (BFGS) on small problems: a quadratic, Rosenbrock, logistic
# regression on synthetic data; jit and vmap of the solver, OptimizeResults fields
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize

A = jnp.array([[3., 1.], [1., 2.]])
b = jnp.array([1., -1.])


def quad(x):
    return 0.5 * x @ A @ x - b @ x


res = minimize(quad, jnp.zeros(2), method="BFGS")
print(type(res).__name__, res.success, res.status)
print(jnp.round(res.x, 4), jnp.round(jnp.linalg.solve(A, b), 4))
print(jnp.round(res.fun, 5), res.nit <= 10, res.jac.shape, res.hess_inv.shape)
print(jnp.allclose(res.hess_inv, jnp.linalg.inv(A), atol=1e-2))


def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


res = minimize(rosenbrock, jnp.array([-1.2, 1.0]), method="BFGS", options=dict(maxiter=200))
print(res.success, jnp.round(res.x, 3), res.fun < 1e-6, res.nfev > res.nit)
res3 = minimize(rosenbrock, jnp.zeros(3), method="BFGS", tol=1e-6)
print(jnp.round(res3.x, 3), res3.x.dtype)
short = minimize(rosenbrock, jnp.array([-1.2, 1.0]), method="BFGS", options=dict(maxiter=3))
print(short.nit, short.success, short.status)

# logistic regression
key = jax.random.key(0)
kx, kw = jax.random.split(key)
X = jax.random.normal(kx, (40, 3))
w_true = jnp.array([1.5, -2.0, 0.5])
y = (X @ w_true + 0.3 * jax.random.normal(kw, (40,)) > 0).astype(jnp.float32)


def nll(w, X, y):
    logits = X @ w
    return jnp.mean(jnp.logaddexp(0., logits) - y * logits) + 0.01 * w @ w


res = minimize(nll, jnp.zeros(3), args=(X, y), method="BFGS")
print(res.success, jnp.round(res.fun, 4), jnp.round(res.x, 3))
acc = jnp.mean(((X @ res.x) > 0) == (y > 0.5))
print("accuracy", acc)
print(jnp.round(jnp.linalg.norm(jax.grad(nll)(res.x, X, y)), 4) < 1e-3)

solve = jax.jit(lambda x0: minimize(quad, x0, method="BFGS").x)
print(jnp.round(solve(jnp.array([5., 5.])), 4))
starts = jnp.array([[0., 0.], [1., 1.], [-3., 2.]])
print(jnp.round(jax.vmap(solve)(starts), 4))


def shifted(x, c):
    return jnp.sum((x - c) ** 2) + jnp.sum(x ** 4) * 0.1


print(jnp.round(minimize(shifted, jnp.zeros(2), args=(jnp.array([1., -1.]),), method="BFGS").x, 4))
try:
    minimize(quad, jnp.zeros(2), method="Nelder-Mead")
except Exception as e:
    print(type(e).__name__)
try:
    minimize(quad, jnp.zeros((2, 1)), method="BFGS")
except Exception as e:
    print(type(e).__name__)
