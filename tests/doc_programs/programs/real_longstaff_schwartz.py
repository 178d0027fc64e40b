# American put pricing by Longstaff-Schwartz: geometric Brownian paths simulated with
# jax.random and cumsum, backward induction in a reverse lax.scan regressing discounted
# continuation values on Laguerre-like polynomial features by jnp.linalg.lstsq over in-the-money
# paths only (weights instead of boolean indexing), compared with the European price from
# Black-Scholes (jax.scipy.stats.norm.cdf) and a binomial tree; deltas by bump-and-reprice
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

S0, K, R, SIGMA, T, STEPS, PATHS = 36.0, 40.0, 0.06, 0.2, 1.0, 50, 20000
DT = T / STEPS


def paths(key, s0):
    z = jax.random.normal(key, (PATHS // 2, STEPS))
    z = jnp.concatenate([z, -z])  # antithetic
    log_inc = (R - 0.5 * SIGMA**2) * DT + SIGMA * jnp.sqrt(DT) * z
    return s0 * jnp.exp(jnp.cumsum(log_inc, axis=1))


def features(s):
    x = s / K
    return jnp.stack([jnp.ones_like(x), x, x**2, x**3], -1)


def lsm_price(key, s0):
    s = paths(key, s0)
    payoff = lambda s: jnp.maximum(K - s, 0.0)
    cash = payoff(s[:, -1])
    disc = jnp.exp(-R * DT)

    def back(cash, st):
        cash = cash * disc
        itm = payoff(st) > 0
        X = features(st) * itm[:, None]
        y = cash * itm
        beta = jnp.linalg.lstsq(X, y, rcond=None)[0]
        cont = features(st) @ beta
        exercise = itm & (payoff(st) > cont)
        return jnp.where(exercise, payoff(st), cash), exercise.mean()

    cash, ex_frac = jax.lax.scan(back, cash, s[:, :-1].T, reverse=True)
    return jnp.mean(cash * disc), ex_frac


def black_scholes_put(s0):
    d1 = (jnp.log(s0 / K) + (R + 0.5 * SIGMA**2) * T) / (SIGMA * jnp.sqrt(T))
    d2 = d1 - SIGMA * jnp.sqrt(T)
    return K * jnp.exp(-R * T) * norm.cdf(-d2) - s0 * norm.cdf(-d1)


def binomial_american(s0, n=500):
    dt = T / n
    u = jnp.exp(SIGMA * jnp.sqrt(dt))
    d = 1 / u
    p = (jnp.exp(R * dt) - d) / (u - d)
    j = jnp.arange(n + 1)
    values = jnp.maximum(K - s0 * u**j * d ** (n - j), 0.0)

    def step(values, i):
        prices = s0 * u ** jnp.arange(n + 1) * d ** (i - jnp.arange(n + 1))
        cont = jnp.exp(-R * dt) * (p * values[1:] + (1 - p) * values[:-1])
        cont = jnp.concatenate([cont, jnp.zeros(1)])
        return jnp.where(jnp.arange(n + 1) <= i, jnp.maximum(cont, K - prices), 0.0), None

    values, _ = jax.lax.scan(step, values, jnp.arange(n - 1, -1, -1))
    return values[0]


price, ex_frac = jax.jit(lsm_price)(jax.random.key(0), S0)
euro = black_scholes_put(S0)
tree = jax.jit(binomial_american)(S0)
print(ex_frac.shape, bool(price > euro), abs(float(price) - float(tree)) < 0.05)
print(float(euro), float(tree))
print(float(price))
bump = 0.5
delta = (lsm_price(jax.random.key(0), S0 + bump)[0] - lsm_price(jax.random.key(0), S0 - bump)[0]) / (2 * bump)
bs_delta = jax.grad(black_scholes_put)(S0)
print(-1 < float(delta) < 0, float(bs_delta))
prices = jax.vmap(black_scholes_put)(jnp.array([30.0, 36.0, 40.0, 44.0]))
print(prices)
