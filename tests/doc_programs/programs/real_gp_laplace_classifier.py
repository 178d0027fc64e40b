# Gaussian-process binary classification with the Laplace approximation (Rasmussen &
# Williams, algorithm 3.1/3.2): Newton iterations for the posterior mode in a while_loop,
# the approximate marginal likelihood, its gradient with respect to the kernel
# hyperparameters, and predictive probabilities on a grid
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import cho_solve, solve_triangular

rng = np.random.default_rng(21)
X = jnp.asarray(rng.uniform(-3, 3, size=(40, 1)), jnp.float32)
y = jnp.where(jnp.sin(2 * X[:, 0]) + 0.3 * jnp.asarray(rng.normal(size=40), jnp.float32) > 0, 1.0, -1.0)


def rbf(a, b, log_ls, log_sf):
    d2 = jnp.sum((a[:, None, :] - b[None, :, :]) ** 2, -1)
    return jnp.exp(2 * log_sf) * jnp.exp(-0.5 * d2 / jnp.exp(2 * log_ls))


def laplace_mode(K):
    def cond(st):
        f, old, it = st
        return (jnp.max(jnp.abs(f - old)) > 1e-6) & (it < 50)

    def body(st):
        f, _, it = st
        pi = jax.nn.sigmoid(f)
        W = pi * (1 - pi)
        sw = jnp.sqrt(W)
        L = jnp.linalg.cholesky(jnp.eye(K.shape[0]) + sw[:, None] * K * sw[None, :])
        grad = (y + 1) / 2 - pi
        b = W * f + grad
        a = b - sw * cho_solve((L, True), sw * (K @ b))
        return K @ a, f, it + 1

    f0 = jnp.zeros(K.shape[0])
    f, _, it = jax.lax.while_loop(cond, body, (f0, f0 + 1.0, 0))
    return jax.lax.stop_gradient(f), it


def neg_log_marginal(hp):
    K = rbf(X, X, hp[0], hp[1]) + 1e-6 * jnp.eye(X.shape[0])
    f, _ = laplace_mode(K)
    pi = jax.nn.sigmoid(f)
    W = pi * (1 - pi)
    sw = jnp.sqrt(W)
    L = jnp.linalg.cholesky(jnp.eye(K.shape[0]) + sw[:, None] * K * sw[None, :])
    a = jnp.linalg.solve(K, f)
    loglik = jnp.sum(jax.nn.log_sigmoid(y * f))
    return 0.5 * a @ f - loglik + jnp.sum(jnp.log(jnp.diag(L)))


hp = jnp.array([0.0, 0.0])
K = rbf(X, X, hp[0], hp[1]) + 1e-6 * jnp.eye(40)
f, iters = jax.jit(laplace_mode)(K)
print("newton iters", int(iters), "mode range", round(float(f.min()), 3), round(float(f.max()), 3))
obj = jax.jit(jax.value_and_grad(neg_log_marginal))
for i in range(15):
    v, g = obj(hp)
    if i % 3 == 0:
        print(f"iter {i} -log Z {float(v):.4f} grad {jnp.round(g, 4)}")
    hp = hp - 0.05 * g
print("hyperparams ls %.3f sf %.3f" % (float(jnp.exp(hp[0])), float(jnp.exp(hp[1]))))


def predict(hp, xs):
    K = rbf(X, X, hp[0], hp[1]) + 1e-6 * jnp.eye(40)
    f, _ = laplace_mode(K)
    pi = jax.nn.sigmoid(f)
    W = pi * (1 - pi)
    sw = jnp.sqrt(W)
    L = jnp.linalg.cholesky(jnp.eye(40) + sw[:, None] * K * sw[None, :])
    Ks = rbf(X, xs, hp[0], hp[1])
    mean = Ks.T @ ((y + 1) / 2 - pi)
    v = solve_triangular(L, sw[:, None] * Ks, lower=True)
    var = jnp.exp(2 * hp[1]) - jnp.sum(v**2, 0)
    kappa = 1 / jnp.sqrt(1 + jnp.pi * var / 8)
    return jax.nn.sigmoid(kappa * mean), var


grid = jnp.linspace(-3, 3, 7)[:, None]
p, var = jax.jit(predict)(hp, grid)
print("predictive", jnp.round(p, 3))
print("variance", jnp.round(var, 3))
acc = jnp.mean((predict(hp, X)[0] > 0.5) == (y > 0))
print("train accuracy", round(float(acc), 3))
