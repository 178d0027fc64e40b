# A vectorised trading backtest: synthetic log returns for several assets, moving-average
# crossover signals from cumsum differences and from jnp.convolve, positions lagged by one day,
# transaction costs from position changes, equity curves by cumprod, maximum drawdown by
# lax.cummax, Sharpe and Sortino ratios, rolling volatility from sliding windows, and a parameter
# sweep over window pairs by vmap with a boolean mask of valid pairs
import jax
import jax.numpy as jnp
import numpy as np

T, A = 750, 3
k1, k2 = jax.random.split(jax.random.key(0))
drift = jnp.array([0.0004, 0.0001, -0.0002])
trend = 0.002 * jnp.sin(jnp.arange(T) / 60.0)[:, None]
rets = drift + trend + 0.01 * jax.random.normal(k1, (T, A))
prices = 100 * jnp.exp(jnp.cumsum(rets, 0))
print(prices.shape, bool(jnp.all(prices > 0)))


def sma(x, n):
    c = jnp.cumsum(jnp.pad(x, ((1, 0), (0, 0))), 0)
    out = (c[n:] - c[:-n]) / n
    return jnp.concatenate([jnp.full((n - 1, x.shape[1]), jnp.nan), out])


sma_conv = jnp.convolve(prices[:, 0], jnp.ones(20) / 20, mode="valid")
print(bool(jnp.allclose(sma(prices, 20)[19:, 0], sma_conv, rtol=1e-5)), sma_conv.shape)


def backtest(fast, slow, cost=5e-4):
    f, s = sma(prices, fast), sma(prices, slow)
    signal = jnp.where(jnp.isnan(s), 0.0, jnp.sign(f - s))
    pos = jnp.concatenate([jnp.zeros((1, A)), signal[:-1]])
    turnover = jnp.abs(jnp.diff(pos, axis=0, prepend=0.0))
    strat = (pos * (jnp.exp(rets) - 1) - cost * turnover).mean(1)
    equity = jnp.cumprod(1 + strat)
    peak = jax.lax.cummax(equity)
    dd = (equity - peak) / peak
    sharpe = strat.mean() / strat.std() * jnp.sqrt(252)
    downside = jnp.sqrt(jnp.mean(jnp.minimum(strat, 0) ** 2))
    sortino = strat.mean() / downside * jnp.sqrt(252)
    return equity[-1], dd.min(), sharpe, sortino, turnover.sum()


final, mdd, sharpe, sortino, turns = jax.jit(backtest, static_argnums=(0, 1))(10, 50)
print(float(mdd) <= 0, float(final) > 0, bool(jnp.isfinite(sharpe)), float(turns) > 0)
print(float(sortino) / float(sharpe) > 1)
print(jax.lax.cummax(jnp.array([1.0, 3.0, 2.0, 5.0, 4.0])), jax.lax.cummin(jnp.array([3, 1, 2, 0]), reverse=True))

idx = jnp.arange(T - 20)[:, None] + jnp.arange(21)[None]
roll_vol = rets[idx, 0].std(1) * np.sqrt(252)
print(roll_vol.shape, float(roll_vol.mean()) > 0.1)


def sweep_one(fast, slow):
    f = jnp.take(jnp.stack([sma(prices, n) for n in (5, 10, 20)]), fast, axis=0)
    s = jnp.take(jnp.stack([sma(prices, n) for n in (30, 50, 100)]), slow, axis=0)
    signal = jnp.where(jnp.isnan(s) | jnp.isnan(f), 0.0, jnp.sign(f - s))
    pos = jnp.concatenate([jnp.zeros((1, A)), signal[:-1]])
    strat = (pos * (jnp.exp(rets) - 1)).mean(1)
    return strat.mean() / strat.std() * jnp.sqrt(252)


fi, si = jnp.meshgrid(jnp.arange(3), jnp.arange(3), indexing="ij")
grid = jax.jit(jax.vmap(jax.vmap(sweep_one)))(fi, si)
print(grid.shape, bool(jnp.all(jnp.isfinite(grid))), jnp.unravel_index(jnp.argmax(grid), grid.shape)[0].dtype)
