# Bradley-Terry / Elo ratings from pairwise match outcomes: synthetic matches from true
# strengths, the negative log-likelihood minimised by jax.scipy.optimize.minimize (BFGS) with a
# sum-to-zero constraint by reparameterisation, standard errors from the inverse Hessian, an
# online Elo update in lax.scan, rank correlation with the truth by argsort of argsort, and
# a Thurstone (probit) variant with jax.scipy.stats.norm.logcdf
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize
from jax.scipy.stats import norm

P, M = 8, 600
k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
true = jnp.linspace(-1.5, 1.5, P)
i = jax.random.randint(k1, (M,), 0, P)
j = (i + jax.random.randint(k2, (M,), 1, P)) % P
p_win = jax.nn.sigmoid(true[i] - true[j])
win = jax.random.bernoulli(k3, p_win).astype(jnp.float32)
print(i.shape, float(win.mean()), bool(jnp.all(i != j)))


def expand(theta):
    return jnp.concatenate([theta, -theta.sum(keepdims=True)])


def nll(theta, link="logit"):
    s = expand(theta)
    d = s[i] - s[j]
    if link == "logit":
        return -jnp.sum(win * jax.nn.log_sigmoid(d) + (1 - win) * jax.nn.log_sigmoid(-d))
    return -jnp.sum(win * norm.logcdf(d) + (1 - win) * norm.logcdf(-d))


res = minimize(nll, jnp.zeros(P - 1), method="BFGS")
est = expand(res.x)
print(bool(res.success), int(res.status), float(res.fun))
print(est)
H = jax.hessian(nll)(res.x)
se = jnp.sqrt(jnp.diag(jnp.linalg.inv(H)))
print(se.shape, bool(jnp.all(se > 0)), bool(jnp.all(jnp.abs(est[:-1] - true[:-1]) < 4 * se)))
res_p = minimize(lambda t: nll(t, "probit"), jnp.zeros(P - 1), method="BFGS")
ratio = expand(res_p.x) / est
print(float(jnp.median(ratio)))


def elo(ratings, match, k=0.1):
    a, b, w = match
    e = jax.nn.sigmoid(ratings[a] - ratings[b])
    delta = k * (w - e)
    return ratings.at[a].add(delta).at[b].add(-delta), e


ratings, expected = jax.lax.scan(elo, jnp.zeros(P), (i, j, win))
brier = jnp.mean((expected - win) ** 2)
print(float(brier) < 0.25, ratings.shape)


def ranks(x):
    return jnp.argsort(jnp.argsort(x))


def spearman(a, b):
    ra, rb = ranks(a).astype(jnp.float32), ranks(b).astype(jnp.float32)
    return jnp.corrcoef(ra, rb)[0, 1]


print(float(spearman(est, true)), float(spearman(ratings, true)) > 0.7)
