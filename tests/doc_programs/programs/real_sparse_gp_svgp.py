# A sparse variational Gaussian process (SVGP) for regression: inducing inputs, a whitened
# variational distribution q(u) = N(m, S S^T) with a lower-triangular S, predictions through
# cholesky / solve_triangular, the ELBO with its KL term, all hyperparameters (lengthscale,
# variance, noise, inducing locations) fitted jointly with Adam by value_and_grad, and the
# predictive mean / variance compared with the exact GP on the same data
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_solve, solve_triangular

N, M = 200, 12
kx, kn, kz = jax.random.split(jax.random.key(29), 3)
X = jnp.sort(jax.random.uniform(kx, (N,), minval=-3, maxval=3))
Y = jnp.sin(2 * X) + 0.3 * jnp.cos(5 * X) + 0.1 * jax.random.normal(kn, (N,))


def rbf(a, b, log_ls, log_var):
    return jnp.exp(log_var) * jnp.exp(-0.5 * ((a[:, None] - b[None]) / jnp.exp(log_ls)) ** 2)


def predict(params, xs):
    Z = params["Z"]
    Kzz = rbf(Z, Z, params["log_ls"], params["log_var"]) + 1e-5 * jnp.eye(M)
    L = jnp.linalg.cholesky(Kzz)
    Kzx = rbf(Z, xs, params["log_ls"], params["log_var"])
    A = solve_triangular(L, Kzx, lower=True)
    S = jnp.tril(params["S"])
    mean = A.T @ params["m"]
    SA = S.T @ A
    var = jnp.exp(params["log_var"]) - jnp.sum(A**2, 0) + jnp.sum(SA**2, 0)
    return mean, var


def elbo(params):
    mean, var = predict(params, X)
    noise = jnp.exp(params["log_noise"])
    expected = -0.5 * jnp.log(2 * jnp.pi * noise) - 0.5 * ((Y - mean) ** 2 + var) / noise
    S = jnp.tril(params["S"])
    kl = 0.5 * (jnp.sum(S**2) + params["m"] @ params["m"] - M - 2 * jnp.sum(jnp.log(jnp.abs(jnp.diag(S)))))
    return jnp.sum(expected) - kl


params = {
    "Z": jnp.linspace(-2.5, 2.5, M) + 0.05 * jax.random.normal(kz, (M,)),
    "m": jnp.zeros(M),
    "S": jnp.eye(M) * 0.5,
    "log_ls": jnp.log(0.7),
    "log_var": jnp.log(1.0),
    "log_noise": jnp.log(0.1),
}
print("initial ELBO:", round(float(elbo(params)), 2))


@jax.jit
def adam_step(params, m, v, t):
    loss, g = jax.value_and_grad(lambda p: -elbo(p))(params)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
    params = jax.tree.map(lambda p, m, v: p - 0.02 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, m, v, loss


m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)
for t in range(1, 801):
    params, m, v, loss = adam_step(params, m, v, t)
    if t % 200 == 0:
        print(f"step {t}: -ELBO {float(loss):.2f}")
print("lengthscale:", round(float(jnp.exp(params["log_ls"])), 3), "variance:", round(float(jnp.exp(params["log_var"])), 3),
      "noise std:", round(float(jnp.sqrt(jnp.exp(params["log_noise"]))), 3))

xs = jnp.linspace(-3, 3, 7)
mean, var = predict(params, xs)
K = rbf(X, X, params["log_ls"], params["log_var"]) + jnp.exp(params["log_noise"]) * jnp.eye(N)
Ks = rbf(X, xs, params["log_ls"], params["log_var"])
cK = jax.scipy.linalg.cho_factor(K)
exact_mean = Ks.T @ cho_solve(cK, Y)
exact_var = jnp.exp(params["log_var"]) - jnp.sum(Ks * cho_solve(cK, Ks), 0)
print("SVGP mean: ", jnp.round(mean, 3))
print("exact mean:", jnp.round(exact_mean, 3))
print("mean gap:", round(float(jnp.max(jnp.abs(mean - exact_mean))), 3), "var gap:", round(float(jnp.max(jnp.abs(var - exact_var))), 3))
print("inducing points sorted:", jnp.round(jnp.sort(params["Z"]), 2))
