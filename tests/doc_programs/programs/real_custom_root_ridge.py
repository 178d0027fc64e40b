# Implicit differentiation of solvers: the square root by Newton's method wrapped in
# lax.custom_root (gradients without differentiating the iterations), a ridge regression
# solved by conjugate gradients inside lax.custom_linear_solve, and the validation loss's
# gradient with respect to the regularisation strength used for a few steps of tuning
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def newton_sqrt(a):
    def f(x):
        return x**2 - a

    def solve(f, x0):
        def body(_, x):
            return x - f(x) / jax.grad(f)(x)

        return lax.fori_loop(0, 25, body, x0)

    def tangent_solve(g, y):
        return y / g(1.0)

    return lax.custom_root(f, 1.0, solve, tangent_solve)


for a in [2.0, 9.0, 0.25]:
    val, g = jax.value_and_grad(newton_sqrt)(a)
    print(f"sqrt({a}) = {float(val):.6f}  d/da = {float(g):.6f}  exact {0.5 / np.sqrt(a):.6f}")
print("vmap", jnp.round(jax.vmap(jax.grad(newton_sqrt))(jnp.array([1.0, 4.0, 16.0])), 6))


def cg(matvec, b, iters=30):
    def body(_, st):
        x, r, p, rs = st
        ap = matvec(p)
        alpha = jnp.where(rs > 1e-20, rs / jnp.vdot(p, ap), 0.0)
        x = x + alpha * p
        r = r - alpha * ap
        rs_new = jnp.vdot(r, r)
        p = r + jnp.where(rs > 1e-20, rs_new / rs, 0.0) * p
        return x, r, p, rs_new

    x0 = jnp.zeros_like(b)
    return lax.fori_loop(0, iters, body, (x0, b, b, jnp.vdot(b, b)))[0]


rng = np.random.default_rng(1)
n, d = 80, 12
X = jnp.asarray(rng.normal(size=(n, d)), jnp.float32)
w_true = jnp.asarray(rng.normal(size=(d,)), jnp.float32)
y = X @ w_true + 0.5 * jnp.asarray(rng.normal(size=(n,)), jnp.float32)
Xtr, ytr, Xva, yva = X[:50], y[:50], X[50:], y[50:]


def ridge(log_lam):
    lam = jnp.exp(log_lam)

    def matvec(w):
        return Xtr.T @ (Xtr @ w) + lam * w

    b = Xtr.T @ ytr
    return lax.custom_linear_solve(matvec, b, lambda mv, r: cg(mv, r), symmetric=True)


def val_loss(log_lam):
    w = ridge(log_lam)
    return jnp.mean((Xva @ w - yva) ** 2)


w = ridge(jnp.log(1.0))
direct = jnp.linalg.solve(Xtr.T @ Xtr + jnp.eye(d), Xtr.T @ ytr)
print("cg vs solve", bool(jnp.allclose(w, direct, atol=1e-3)))
loss_grad = jax.jit(jax.value_and_grad(val_loss))
log_lam = jnp.float32(2.0)
for step in range(6):
    loss, g = loss_grad(log_lam)
    print(f"step {step} log_lam {float(log_lam):.4f} val {float(loss):.5f} grad {float(g):.5f}")
    log_lam = log_lam - 0.5 * g
eps = 1e-2
fd = (val_loss(log_lam + eps) - val_loss(log_lam - eps)) / (2 * eps)
print("finite diff agrees", bool(jnp.abs(fd - loss_grad(log_lam)[1]) < 1e-2))
print(jax.make_jaxpr(ridge)(0.0).jaxpr.eqns[-1].primitive)
