# A linear-Gaussian state space model: simulation with lax.scan and jax.random, the Kalman
# filter and RTS smoother as scans, the marginal log-likelihood and its gradient with respect
# to the noise parameters
import jax
import jax.numpy as jnp
from jax import lax

dt = 0.1
F = jnp.array([[1.0, dt], [0.0, 1.0]])
H = jnp.array([[1.0, 0.0]])


def Q(q):
    return q * jnp.array([[dt ** 3 / 3, dt ** 2 / 2], [dt ** 2 / 2, dt]])


def simulate(key, q, r, steps):
    def step(x, k):
        k1, k2 = jax.random.split(k)
        x = F @ x + jax.random.multivariate_normal(k1, jnp.zeros(2), Q(q))
        y = H @ x + jnp.sqrt(r) * jax.random.normal(k2, (1,))
        return x, (x, y)
    _, (xs, ys) = lax.scan(step, jnp.array([0.0, 1.0]), jax.random.split(key, steps))
    return xs, ys


xs, ys = simulate(jax.random.key(0), 0.5, 0.1, 30)
print(xs.shape, ys.shape)
print(jnp.round(ys[:4, 0], 4))


def kalman_filter(ys, q, r):
    R = jnp.array([[r]])
    def step(carry, y):
        m, P, ll = carry
        m_pred = F @ m
        P_pred = F @ P @ F.T + Q(q)
        S = H @ P_pred @ H.T + R
        K = P_pred @ H.T @ jnp.linalg.inv(S)
        resid = y - H @ m_pred
        m_new = m_pred + K @ resid
        P_new = (jnp.eye(2) - K @ H) @ P_pred
        ll = ll + jax.scipy.stats.multivariate_normal.logpdf(y, H @ m_pred, S)
        return (m_new, P_new, ll), (m_new, P_new, m_pred, P_pred)
    init = (jnp.array([0.0, 1.0]), jnp.eye(2), 0.0)
    (_, _, ll), outs = lax.scan(step, init, ys)
    return ll, outs


ll, (ms, Ps, m_preds, P_preds) = jax.jit(kalman_filter)(ys, 0.5, 0.1)
print(ll)
print(jnp.round(ms[-1], 4))
rmse = lambda est: jnp.sqrt(jnp.mean((est[:, 0] - xs[:, 0]) ** 2))
print(rmse(ms) < jnp.sqrt(jnp.mean((ys[:, 0] - xs[:, 0]) ** 2)))


def rts_smoother(ms, Ps, m_preds, P_preds):
    def step(carry, inp):
        m_s, P_s = carry
        m, P, m_pred, P_pred = inp
        G = P @ F.T @ jnp.linalg.inv(P_pred)
        m_s = m + G @ (m_s - m_pred)
        P_s = P + G @ (P_s - P_pred) @ G.T
        return (m_s, P_s), m_s
    inputs = (ms[:-1], Ps[:-1], m_preds[1:], P_preds[1:])
    _, smoothed = lax.scan(step, (ms[-1], Ps[-1]), inputs, reverse=True)
    return jnp.concatenate([smoothed, ms[-1:]])


smoothed = jax.jit(rts_smoother)(ms, Ps, m_preds, P_preds)
print(smoothed.shape)
print(rmse(smoothed) <= rmse(ms))

# Maximum likelihood of the noise scales by gradient ascent in log space.
nll = lambda log_qr: -kalman_filter(ys, jnp.exp(log_qr[0]), jnp.exp(log_qr[1]))[0]
grad_nll = jax.jit(jax.value_and_grad(nll))
theta = jnp.log(jnp.array([1.0, 1.0]))
for i in range(5):
    val, g = grad_nll(theta)
    theta = theta - 0.05 * g
    print(i, val)
print(jnp.round(jnp.exp(theta), 4))
lls = jax.vmap(lambda q: kalman_filter(ys, q, 0.1)[0])(jnp.array([0.1, 0.5, 2.0]))
print(lls)
