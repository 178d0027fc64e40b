# Second-order optimization: Newton's method with jax.hessian, Hessian-vector products
# (forward-over-reverse), a backtracking line search in while_loop, and value_and_grad with aux
import jax
import jax.numpy as jnp
from jax import lax


def rosenbrock(p):
    x, y = p
    return (1 - x) ** 2 + 100 * (y - x ** 2) ** 2


p0 = jnp.array([-1.2, 1.0])
print(rosenbrock(p0))
print(jax.grad(rosenbrock)(p0))
print(jax.hessian(rosenbrock)(p0))


def hvp(f, x, v):
    return jax.jvp(jax.grad(f), (x,), (v,))[1]


def hvp_rev(f, x, v):
    return jax.grad(lambda x: jnp.vdot(jax.grad(f)(x), v))(x)


v = jnp.array([1.0, -1.0])
print(hvp(rosenbrock, p0, v))
print(hvp_rev(rosenbrock, p0, v))
print(jax.hessian(rosenbrock)(p0) @ v)


def line_search(f, x, d, g):
    def cond(t):
        return f(x + t * d) > f(x) + 1e-4 * t * jnp.dot(g, d)
    return lax.while_loop(cond, lambda t: 0.5 * t, 1.0)


@jax.jit
def newton_step(x):
    g = jax.grad(rosenbrock)(x)
    h = jax.hessian(rosenbrock)(x)
    d = -jnp.linalg.solve(h, g)
    t = line_search(rosenbrock, x, d, g)
    return x + t * d, t


x = p0
for i in range(6):
    x, t = newton_step(x)
    print(i, jnp.round(x, 4), t)


def newton_solve(x, tol=1e-10):
    def cond(state):
        x, i = state
        return (jnp.linalg.norm(jax.grad(rosenbrock)(x)) > tol) & (i < 50)
    def body(state):
        x, i = state
        return newton_step(x)[0], i + 1
    return lax.while_loop(cond, body, (x, 0))


x_star, iters = jax.jit(newton_solve)(p0)
print(jnp.round(x_star, 6), iters)


# Gradient descent on a least-squares loss returning auxiliary metrics.
key = jax.random.key(0)
X = jax.random.normal(key, (20, 3))
w_true = jnp.array([1.0, -2.0, 0.5])
y = X @ w_true


def loss_with_aux(w):
    pred = X @ w
    err = pred - y
    return jnp.mean(err ** 2), {"max_err": jnp.max(jnp.abs(err)), "pred_mean": pred.mean()}


w = jnp.zeros(3)
step = jax.jit(jax.value_and_grad(loss_with_aux, has_aux=True))
for i in range(3):
    (l, aux), g = step(w)
    w = w - 0.1 * g
    print(i, l, aux["max_err"])

# Gauss-Newton with jacfwd of the residuals.
residuals = lambda w: X @ w - y
J = jax.jacfwd(residuals)(w)
w_gn = w - jnp.linalg.solve(J.T @ J, J.T @ residuals(w))
print(jnp.round(w_gn, 5))
print(jnp.round(jnp.linalg.eigvalsh(jax.hessian(lambda w: loss_with_aux(w)[0])(w)), 4))
