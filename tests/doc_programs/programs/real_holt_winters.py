# Time-series forecasting with Holt-Winters exponential smoothing: level / trend / seasonal
# recursions by lax.scan, smoothing parameters kept in (0, 1) through sigmoids and fitted by
# gradient descent on one-step-ahead errors, multi-step forecasts, prediction intervals from
# residuals, and a vmapped fit over a panel of series with different seasonality strengths
import jax
import jax.numpy as jnp

SEASON, N = 12, 96
t = jnp.arange(N, dtype=jnp.float32)
key = jax.random.key(12)


def make_series(key, amp):
    noise = 0.3 * jax.random.normal(key, (N,))
    return 10.0 + 0.05 * t + amp * jnp.sin(2 * jnp.pi * t / SEASON) + noise


series = make_series(key, 2.0)


def holt_winters(y, raw):
    alpha, beta, gamma = jax.nn.sigmoid(raw)
    level0 = jnp.mean(y[:SEASON])
    trend0 = (jnp.mean(y[SEASON : 2 * SEASON]) - level0) / SEASON
    season0 = y[:SEASON] - level0

    def step(carry, y_t):
        level, trend, season = carry
        s = season[0]
        pred = level + trend + s
        new_level = alpha * (y_t - s) + (1 - alpha) * (level + trend)
        new_trend = beta * (new_level - level) + (1 - beta) * trend
        new_s = gamma * (y_t - new_level) + (1 - gamma) * s
        season = jnp.concatenate([season[1:], new_s[None]])
        return (new_level, new_trend, season), pred

    return jax.lax.scan(step, (level0, trend0, season0), y)


def sse(raw, y):
    _, preds = holt_winters(y, raw)
    return jnp.mean((preds[SEASON:] - y[SEASON:]) ** 2)


def fit(y, steps=300, lr=0.5):
    def body(raw, _):
        loss, g = jax.value_and_grad(sse)(raw, y)
        return raw - lr * g, loss

    return jax.lax.scan(body, jnp.zeros(3), None, length=steps)


raw, losses = jax.jit(fit, static_argnames=("steps",))(series)
print("alpha, beta, gamma:", jnp.round(jax.nn.sigmoid(raw), 3))
print("MSE first / last:", round(float(losses[0]), 4), round(float(losses[-1]), 4))


def forecast(y, raw, horizon):
    (level, trend, season), preds = holt_winters(y, raw)
    h = jnp.arange(1, horizon + 1)
    return level + h * trend + season[(h - 1) % SEASON], y - preds


fc, resid = forecast(series, raw, 24)
sigma = jnp.std(resid[SEASON:])
truth = 10.0 + 0.05 * (N + jnp.arange(24)) + 2.0 * jnp.sin(2 * jnp.pi * (N + jnp.arange(24)) / SEASON)
print("forecast:", jnp.round(fc[:6], 2))
print("forecast MAE vs noiseless truth:", round(float(jnp.mean(jnp.abs(fc - truth))), 3))
lo, hi = fc - 1.96 * sigma, fc + 1.96 * sigma
print("truth inside 95% interval:", round(float(jnp.mean((truth >= lo) & (truth <= hi))), 3))

amps = jnp.array([0.0, 1.0, 3.0, 5.0])
panel = jax.vmap(make_series)(jax.random.split(key, 4), amps)
raws, panel_losses = jax.jit(jax.vmap(lambda y: fit(y, 200)))(panel)
print("panel params:\n", jnp.round(jax.nn.sigmoid(raws), 3))
print("panel final MSE:", jnp.round(panel_losses[:, -1], 4))
