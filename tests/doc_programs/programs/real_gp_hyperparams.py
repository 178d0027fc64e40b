# Gaussian-process regression: an RBF kernel with log hyperparameters, the negative log marginal
# likelihood by Cholesky / cho_solve, its gradient with value_and_grad, a few Adam-free gradient
# steps, the posterior mean / variance on a grid, and a comparison with a direct solve
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import cho_factor, cho_solve, solve_triangular

jax.config.update("jax_enable_x64", False)
rng = np.random.default_rng(3)
X = jnp.asarray(np.sort(rng.uniform(-3, 3, 20)).astype(np.float32))
Y = jnp.sin(X) + 0.1 * jnp.asarray(rng.normal(size=20).astype(np.float32))


def rbf(x1, x2, log_ls, log_amp):
    d = (x1[:, None] - x2[None, :]) / jnp.exp(log_ls)
    return jnp.exp(2 * log_amp) * jnp.exp(-0.5 * d**2)


def nll(theta, x, y):
    log_ls, log_amp, log_noise = theta["ls"], theta["amp"], theta["noise"]
    K = rbf(x, x, log_ls, log_amp) + (jnp.exp(2 * log_noise) + 1e-5) * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L))) + 0.5 * x.shape[0] * jnp.log(2 * jnp.pi)


theta = {"ls": jnp.array(0.0), "amp": jnp.array(0.0), "noise": jnp.array(-1.0)}
val, g = jax.value_and_grad(nll)(theta, X, Y)
print(f"{float(val):.4f}", {k: round(float(v), 4) for k, v in g.items()})


@jax.jit
def update(theta, x, y):
    v, g = jax.value_and_grad(nll)(theta, x, y)
    return jax.tree.map(lambda t, g: t - 0.05 * g, theta, g), v


for i in range(100):
    theta, v = update(theta, X, Y)
    if i % 25 == 0:
        print(i, f"{float(v):.4f}")
print({k: round(float(v), 3) for k, v in theta.items()})


@jax.jit
def predict(theta, x, y, xs):
    K = rbf(x, x, theta["ls"], theta["amp"]) + jnp.exp(2 * theta["noise"]) * jnp.eye(x.shape[0])
    c, low = cho_factor(K, lower=True)
    Ks = rbf(x, xs, theta["ls"], theta["amp"])
    mean = Ks.T @ cho_solve((c, low), y)
    v = solve_triangular(c, Ks, lower=True)
    var = jnp.exp(2 * theta["amp"]) - jnp.sum(v * v, axis=0)
    return mean, var


grid = jnp.linspace(-3, 3, 7)
mean, var = predict(theta, X, Y, grid)
print(mean.round(2), (var > 0).all(), var.shape)
K = rbf(X, X, theta["ls"], theta["amp"]) + jnp.exp(2 * theta["noise"]) * jnp.eye(20)
direct = rbf(X, grid, theta["ls"], theta["amp"]).T @ jnp.linalg.solve(K, Y)
print(jnp.allclose(direct, mean, atol=1e-3))
batch_nll = jax.vmap(nll, in_axes=({"ls": 0, "amp": None, "noise": None}, None, None))
print(batch_nll({"ls": jnp.array([-1.0, 0.0, 1.0]), "amp": theta["amp"], "noise": theta["noise"]}, X, Y).round(2))
hess = jax.hessian(lambda t: nll({"ls": t[0], "amp": t[1], "noise": t[2]}, X, Y))(jnp.stack(list(theta.values())))
print(hess.shape, bool(jnp.all(jnp.linalg.eigvalsh(hess) > -1e-2)))
print(cho_factor(jnp.eye(2) * 4.0))
