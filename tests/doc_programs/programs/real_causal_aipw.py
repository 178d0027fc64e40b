# Causal effect estimation from observational data: a confounded treatment, propensity scores
# by logistic regression fitted with Newton's method (hessian and solve), inverse-propensity
# weighting, outcome regression by least squares, the doubly robust AIPW estimator, bootstrap
# confidence intervals by vmap over resampled indices (random.choice), and covariate balance
import jax
import jax.numpy as jnp

N, TRUE_ATE = 2000, 2.0
k_x, k_t, k_y, k_boot = jax.random.split(jax.random.key(61), 4)
X = jax.random.normal(k_x, (N, 3))
logit = 0.8 * X[:, 0] - 0.5 * X[:, 1] + 0.3
T = jax.random.bernoulli(k_t, jax.nn.sigmoid(logit)).astype(jnp.float32)
Y = TRUE_ATE * T + 1.5 * X[:, 0] + X[:, 1] - 0.5 * X[:, 2] + jax.random.normal(k_y, (N,))
Xb = jnp.concatenate([jnp.ones((N, 1)), X], axis=1)

naive = Y[T == 1].mean() - Y[T == 0].mean()
print("naive difference in means:", round(float(naive), 3))


def logistic_nll(beta, Xb, T):
    z = Xb @ beta
    return jnp.sum(jnp.logaddexp(0.0, z) - T * z)


def fit_propensity(Xb, T, iters=10):
    def body(beta, _):
        g = jax.grad(logistic_nll)(beta, Xb, T)
        Hm = jax.hessian(logistic_nll)(beta, Xb, T)
        return beta - jnp.linalg.solve(Hm, g), jnp.linalg.norm(g)

    return jax.lax.scan(body, jnp.zeros(Xb.shape[1]), None, length=iters)


def estimates(Xb, T, Y):
    beta, gnorms = fit_propensity(Xb, T)
    e = jnp.clip(jax.nn.sigmoid(Xb @ beta), 0.01, 0.99)
    ipw = jnp.mean(T * Y / e) - jnp.mean((1 - T) * Y / (1 - e))
    w1, w0 = T / e, (1 - T) / (1 - e)
    hajek = jnp.sum(w1 * Y) / jnp.sum(w1) - jnp.sum(w0 * Y) / jnp.sum(w0)
    design = jnp.concatenate([Xb, T[:, None]], axis=1)
    coef = jnp.linalg.lstsq(design, Y)[0]
    mu1 = jnp.concatenate([Xb, jnp.ones((Xb.shape[0], 1))], 1) @ coef
    mu0 = jnp.concatenate([Xb, jnp.zeros((Xb.shape[0], 1))], 1) @ coef
    aipw = jnp.mean(mu1 - mu0 + T * (Y - mu1) / e - (1 - T) * (Y - mu0) / (1 - e))
    return {"ipw": ipw, "hajek": hajek, "regression": coef[-1], "aipw": aipw}, beta, gnorms


est, beta, gnorms = jax.jit(estimates)(Xb, T, Y)
print("propensity coefficients:", jnp.round(beta, 3))
print("Newton gradient norms:", jnp.round(gnorms[:5], 3))
for name, value in est.items():
    print(f"{name:10s}: {float(value):.3f}")

e = jax.nn.sigmoid(Xb @ beta)
w = jnp.where(T == 1, 1 / e, 1 / (1 - e))


def smd(x, weights):
    m1 = jnp.sum(weights * T * x) / jnp.sum(weights * T)
    m0 = jnp.sum(weights * (1 - T) * x) / jnp.sum(weights * (1 - T))
    return (m1 - m0) / jnp.std(x)


print("standardised differences raw:", jnp.round(jax.vmap(smd, in_axes=(1, None))(X, jnp.ones(N)), 3))
print("standardised differences weighted:", jnp.round(jax.vmap(smd, in_axes=(1, None))(X, w), 3))


@jax.jit
def bootstrap(key, B=100):
    def one(k):
        idx = jax.random.choice(k, N, (N,), replace=True)
        return estimates(Xb[idx], T[idx], Y[idx])[0]

    return jax.vmap(one)(jax.random.split(key, B))


boots = bootstrap(k_boot)
for name in ("ipw", "aipw"):
    lo, hi = jnp.percentile(boots[name], jnp.array([2.5, 97.5]))
    print(f"{name} 95% bootstrap CI: [{float(lo):.3f}, {float(hi):.3f}] covers truth: {bool((lo <= TRUE_ATE) & (TRUE_ATE <= hi))}")
print("AIPW bootstrap std < IPW:", bool(boots["aipw"].std() < boots["ipw"].std()))
