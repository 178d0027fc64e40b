# A time-series workflow: a seasonal AR(p) signal simulated by lax.scan, its autocorrelation by
# jnp.correlate, the AR coefficients fit by least squares on a lagged design matrix (built with
# vmap of dynamic_slice and with sliding windows by indexing) and by gradient descent, then a
# multi-step forecast by scan with prediction intervals and a moving-average smoother
import jax
import jax.numpy as jnp
from jax import lax, random

P, T = 3, 300
true = jnp.array([0.5, -0.3, 0.2])


def simulate(key, coefs, n):
    eps = 0.5 * random.normal(key, (n,))

    def step(hist, e):
        x = hist @ coefs + e
        return jnp.concatenate([x[None], hist[:-1]]), x

    _, xs = lax.scan(step, jnp.zeros(P), eps)
    return xs


t = jnp.arange(T)
series = simulate(random.key(0), true, T) + jnp.sin(2 * jnp.pi * t / 50.0)
print(series.shape, series.dtype)
deseason = series - jnp.sin(2 * jnp.pi * t / 50.0)
x = deseason - deseason.mean()
acf = jnp.correlate(x, x, mode="full")[T - 1:T + 5] / jnp.sum(x * x)
print("acf", jnp.round(acf, 2))


def design_dynamic(x):
    return jax.vmap(lambda i: lax.dynamic_slice(x, (i,), (P,))[::-1])(jnp.arange(T - P))


idx = jnp.arange(T - P)[:, None] + jnp.arange(P)[None, ::-1]
X = x[idx]
y = x[P:]
print(bool(jnp.array_equal(X, design_dynamic(x))), X.shape)
coef, res, rank, sv = jnp.linalg.lstsq(X, y)
print("lstsq close", bool(jnp.allclose(coef, true, atol=0.15)), rank, sv.shape)


def mse(c):
    return jnp.mean((X @ c - y) ** 2)


c = jnp.zeros(P)
step = jax.jit(lambda c: c - 0.5 * jax.grad(mse)(c))
for _ in range(300):
    c = step(c)
print("gd agrees", bool(jnp.allclose(c, coef, atol=1e-3)))
sigma = jnp.sqrt(mse(coef))
print("residual std", round(float(sigma), 2))


def forecast(coefs, history, steps):
    def body(hist, _):
        nxt = hist @ coefs
        return jnp.concatenate([nxt[None], hist[:-1]]), nxt
    _, preds = lax.scan(body, history[::-1][:P], None, length=steps)
    return preds


preds = forecast(coef, x, 10)
psi = forecast(coef, jnp.zeros(P).at[-1].set(1.0), 10)
width = 1.96 * sigma * jnp.sqrt(jnp.cumsum(jnp.concatenate([jnp.ones(1), psi[:-1]]) ** 2))
print(preds.shape, bool(jnp.all(jnp.diff(width) >= -1e-6)), bool(jnp.abs(preds[-1]) < jnp.abs(preds[0]) + 1))
smooth = jnp.convolve(series, jnp.ones(5) / 5, mode="valid")
print(smooth.shape, bool(jnp.std(smooth) < jnp.std(series)))
print(jnp.correlate(jnp.array([1.0, 2.0, 3.0]), jnp.array([0.0, 1.0, 0.5]), mode="same"))
batch = jax.vmap(simulate, in_axes=(0, None, None))(random.split(random.key(1), 4), true, 50)
print(batch.shape, jax.jit(forecast, static_argnums=2)(coef, batch[0], 3).shape)
