# Reservoir computing: an echo state network with a fixed random reservoir rescaled to a
# spectral radius, driven by a Mackey-Glass-like series through lax.scan, a ridge-regression
# readout solved in closed form, and closed-loop autonomous prediction by a second scan
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

N_RES, WASH, TRAIN, TEST = 100, 50, 400, 60


def series(n, tau=17, beta=0.2, gamma=0.1, p=10):
    x = np.full(n + tau, 1.2)
    for t in range(tau, n + tau - 1):
        x[t + 1] = x[t] + beta * x[t - tau] / (1 + x[t - tau] ** p) - gamma * x[t]
    return jnp.asarray(x[tau:], jnp.float32)


data = series(WASH + TRAIN + TEST + 1)
data = (data - data.mean()) / data.std()
kw, kin = random.split(random.key(0))
W = random.normal(kw, (N_RES, N_RES)) * (random.uniform(kw, (N_RES, N_RES)) < 0.1)
rho = jnp.max(jnp.abs(jnp.linalg.eigvals(W)))
W = W * (0.9 / rho)
W_in = random.uniform(kin, (N_RES,), minval=-0.5, maxval=0.5)
print("spectral radius", round(float(jnp.max(jnp.abs(jnp.linalg.eigvals(W)))), 4))


def reservoir(h, u):
    h = 0.7 * h + 0.3 * jnp.tanh(W @ h + W_in * u)
    return h, h


_, states = jax.lax.scan(reservoir, jnp.zeros(N_RES), data[: WASH + TRAIN])
S = states[WASH:]
targets = data[WASH + 1 : WASH + TRAIN + 1]
Sb = jnp.concatenate([S, jnp.ones((TRAIN, 1))], 1)
lam = 1e-4
W_out = jnp.linalg.solve(Sb.T @ Sb + lam * jnp.eye(N_RES + 1), Sb.T @ targets)
pred_train = Sb @ W_out
print("states", states.shape, "train nrmse %.4f" % float(jnp.sqrt(jnp.mean((pred_train - targets) ** 2))))


def autonomous(carry, _):
    h, u = carry
    h, _ = reservoir(h, u)
    y = jnp.concatenate([h, jnp.ones(1)]) @ W_out
    return (h, y), y


h_last = states[-1]
u0 = jnp.concatenate([h_last, jnp.ones(1)]) @ W_out
(_, _), preds = jax.jit(lambda h, u: jax.lax.scan(autonomous, (h, u), None, length=TEST))(h_last, u0)
truth = data[WASH + TRAIN + 1 : WASH + TRAIN + 1 + TEST]
err = jnp.abs(jnp.concatenate([u0[None], preds[:-1]]) - truth)
print("closed-loop err first 10 steps < 0.1:", bool(jnp.all(err[:10] < 0.1)))
print("err at 1, 10, 30", [round(float(err[i]), 4) for i in (0, 9, 29)])
print("readout norm", round(float(jnp.linalg.norm(W_out)), 3))
mem = [float(jnp.corrcoef(Sb[k:] @ jnp.linalg.lstsq(Sb[k:], data[WASH : WASH + TRAIN - k])[0], data[WASH : WASH + TRAIN - k])[0, 1] ** 2) for k in (1, 5, 20)]
print("memory capacity", [round(m, 3) for m in mem])
