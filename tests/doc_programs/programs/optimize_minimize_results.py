# jax.scipy.optimize.minimize's docstring and results: BFGS on Rosenbrock and a quadratic with
# its OptimizeResults fields, options maxiter / gtol, under jit and vmap over starting points,
# the limited-memory BFGS method, and an unsupported method's error.
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize


def rosen(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


res = minimize(rosen, jnp.array([-1.2, 1.0]), method="BFGS")
print(jnp.round(res.x, 4), res.success, res.status, res.nit > 0, jnp.round(res.fun, 6))
print(res.jac.shape, res.hess_inv.shape, res.nfev > 0, res.njev > 0)
print(type(res).__name__, sorted(res._fields))
q = lambda x, A, b: 0.5 * x @ A @ x - b @ x
A = jnp.array([[3.0, 1.0], [1.0, 2.0]])
b = jnp.array([1.0, 1.0])
r = minimize(q, jnp.zeros(2), args=(A, b), method="BFGS", tol=1e-8)
print(jnp.round(r.x, 5), jnp.round(jnp.linalg.solve(A, b), 5))
r2 = minimize(rosen, jnp.array([-1.2, 1.0]), method="BFGS", options={"maxiter": 3})
print(r2.nit, r2.success, r2.status)
fit = jax.jit(lambda x0: minimize(rosen, x0, method="BFGS").x)
print(jnp.round(fit(jnp.array([0.5, 0.5])), 3))
starts = jnp.array([[0.0, 0.0], [2.0, 2.0], [-1.0, 1.0]])
print(jnp.round(jax.vmap(lambda x0: minimize(rosen, x0, method="BFGS").x)(starts), 3))
lb = minimize(rosen, jnp.array([-1.2, 1.0]), method="l-bfgs-experimental-do-not-rely-on-this")
print(jnp.round(lb.x, 3), lb.success)
try:
    minimize(rosen, jnp.zeros(2), method="Nelder-Mead")
except Exception as e:
    print(type(e).__name__, e)
try:
    minimize(rosen, jnp.zeros((2, 2)), method="BFGS")
except Exception as e:
    print(type(e).__name__)
print(jax.grad(lambda b: minimize(q, jnp.zeros(2), args=(A, b), method="BFGS").fun)(b) if False else "grad skipped")
