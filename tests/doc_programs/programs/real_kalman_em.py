# A linear-Gaussian state-space model: simulate a 2-D constant-velocity tracker with scan,
# run a Kalman filter (lax.scan, linalg.solve for the gain, the marginal log-likelihood),
# fit the process / observation noise scales by gradient ascent through the filter, and
# smooth with an RTS pass scanned in reverse
import jax
import jax.numpy as jnp
from jax import lax, random

dt = 0.1
F = jnp.array([[1.0, dt], [0.0, 1.0]])
Hm = jnp.array([[1.0, 0.0]])
T = 60


def simulate(key, q, r):
    def step(x, k):
        k1, k2 = random.split(k)
        x = F @ x + jnp.sqrt(q) * random.normal(k1, (2,)) * jnp.array([dt, 1.0])
        return x, (x, Hm @ x + jnp.sqrt(r) * random.normal(k2, (1,)))
    _, (xs, ys) = lax.scan(step, jnp.array([0.0, 1.0]), random.split(key, T))
    return xs, ys


def kalman(params, ys):
    q, r = jnp.exp(params["log_q"]), jnp.exp(params["log_r"])
    Q = q * jnp.diag(jnp.array([dt * dt, 1.0]))
    R = r * jnp.eye(1)

    def step(carry, y):
        m, P, ll = carry
        m, P = F @ m, F @ P @ F.T + Q
        S = Hm @ P @ Hm.T + R
        K = jnp.linalg.solve(S, Hm @ P).T
        resid = y - Hm @ m
        ll = ll - 0.5 * (resid @ jnp.linalg.solve(S, resid) + jnp.linalg.slogdet(S)[1]
                         + jnp.log(2 * jnp.pi))
        m = m + K @ resid
        P = (jnp.eye(2) - K @ Hm) @ P
        return (m, P, ll), (m, P)

    (_, _, ll), (ms, Ps) = lax.scan(step, (jnp.zeros(2), jnp.eye(2), 0.0), ys)
    return ll, ms, Ps


def rts(ms, Ps, params):
    Q = jnp.exp(params["log_q"]) * jnp.diag(jnp.array([dt * dt, 1.0]))

    def back(carry, mp):
        ms_next, Ps_next = carry
        m, P = mp
        Pp = F @ P @ F.T + Q
        G = jnp.linalg.solve(Pp, F @ P).T
        m = m + G @ (ms_next - F @ m)
        P = P + G @ (Ps_next - Pp) @ G.T
        return (m, P), m

    _, sm = lax.scan(back, (ms[-1], Ps[-1]), (ms[:-1], Ps[:-1]), reverse=True)
    return jnp.concatenate([sm, ms[-1:]])


xs, ys = simulate(random.key(5), 0.5, 0.04)
print(xs.shape, ys.shape)
params = {"log_q": jnp.log(2.0), "log_r": jnp.log(0.5)}
nll = jax.jit(lambda p, ys: -kalman(p, ys)[0])
grad = jax.jit(jax.grad(lambda p, ys: -kalman(p, ys)[0]))
print("nll start", round(float(nll(params, ys)), 2))
for i in range(150):
    g = grad(params, ys)
    params = jax.tree.map(lambda p, g: p - 0.01 * g, params, g)
print("nll end lower", bool(nll(params, ys) < nll({"log_q": jnp.log(2.0), "log_r": jnp.log(0.5)}, ys)))
print("fitted r near 0.04", bool(0.005 < float(jnp.exp(params["log_r"])) < 0.2))
ll, ms, Ps = kalman(params, ys)
sm = rts(ms, Ps, params)
err_f = jnp.mean((ms[:, 0] - xs[:, 0]) ** 2)
err_s = jnp.mean((sm[:, 0] - xs[:, 0]) ** 2)
print(ms.shape, Ps.shape, sm.shape, "smoother better", bool(err_s <= err_f))
print("P symmetric", bool(jnp.allclose(Ps, jnp.swapaxes(Ps, 1, 2), atol=1e-5)))
print("P positive", bool(jnp.all(jnp.linalg.eigvalsh(Ps) > 0)))
batched = jax.vmap(lambda y: kalman(params, y)[0])(jnp.stack([ys, ys * 2]))
print(batched.shape, bool(batched[0] > batched[1]))
h = jax.hessian(lambda p: -kalman(p, ys)[0])(params)
print(jax.tree.map(jnp.shape, h))
