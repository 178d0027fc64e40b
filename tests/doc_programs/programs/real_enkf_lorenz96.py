# Ensemble Kalman filter data assimilation on the Lorenz-96 model: RK4 integration of the
# 40-variable system with jnp.roll, a truth run and noisy observations of every other variable,
# a stochastic EnKF analysis with perturbed observations and multiplicative inflation, Gaspari-
# Cohn-free localisation by a distance taper on the periodic ring, the cycle in lax.scan, and
# RMSE of the analysis against the free-running ensemble
import jax
import jax.numpy as jnp

NX, F, DT, NE = 40, 8.0, 0.05, 20
OBS = jnp.arange(0, NX, 2)
R_STD = 1.0


def l96(x):
    return (jnp.roll(x, -1) - jnp.roll(x, 2)) * jnp.roll(x, 1) - x + F


def rk4(x):
    k1 = l96(x)
    k2 = l96(x + 0.5 * DT * k1)
    k3 = l96(x + 0.5 * DT * k2)
    k4 = l96(x + DT * k3)
    return x + DT / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


x0 = F * jnp.ones(NX).at[0].add(0.01)
spin = jax.lax.fori_loop(0, 500, lambda i, x: rk4(x), x0)
truth = jax.lax.scan(lambda x, _: (rk4(x), rk4(x)), spin, None, length=200)[1]
obs = truth[:, OBS] + R_STD * jax.random.normal(jax.random.key(0), (200, OBS.shape[0]))
print(truth.shape, obs.shape, float(truth.std()) > 2)

dist = jnp.abs(jnp.arange(NX)[:, None] - OBS[None])
dist = jnp.minimum(dist, NX - dist)
taper = jnp.exp(-0.5 * (dist / 4.0) ** 2)
dist_oo = jnp.abs(OBS[:, None] - OBS[None])
taper_oo = jnp.exp(-0.5 * (jnp.minimum(dist_oo, NX - dist_oo) / 4.0) ** 2)


def analysis(ens, y, key, inflation=1.05):
    mean = ens.mean(0)
    ens = mean + inflation * (ens - mean)
    A = ens - ens.mean(0)
    HA = A[:, OBS]
    Pxy = taper * (A.T @ HA) / (NE - 1)
    Pyy = taper_oo * (HA.T @ HA) / (NE - 1) + R_STD**2 * jnp.eye(OBS.shape[0])
    K = jnp.linalg.solve(Pyy, Pxy.T).T
    y_pert = y + R_STD * jax.random.normal(key, (NE, y.shape[0]))
    return ens + (y_pert - ens[:, OBS]) @ K.T


def cycle(ens, inp):
    y, key = inp
    ens = jax.vmap(rk4)(ens)
    ens = analysis(ens, y, key)
    return ens, ens.mean(0)


ens0 = spin + 2.0 * jax.random.normal(jax.random.key(1), (NE, NX))
_, means = jax.jit(lambda e: jax.lax.scan(cycle, e, (obs, jax.random.split(jax.random.key(2), 200))))(ens0)
free = jax.lax.scan(lambda e, _: (jax.vmap(rk4)(e), jax.vmap(rk4)(e).mean(0)), ens0, None, length=200)[1]
rmse = jnp.sqrt(((means - truth) ** 2).mean(1))
rmse_free = jnp.sqrt(((free - truth) ** 2).mean(1))
print(float(rmse[100:].mean()) < R_STD, float(rmse_free[100:].mean()) > 2 * float(rmse[100:].mean()))
unobs = jnp.setdiff1d(jnp.arange(NX), OBS, size=NX // 2)
print(unobs[:4], float(jnp.sqrt(((means[100:, unobs] - truth[100:, unobs]) ** 2).mean())) < 1.5)
print(taper.shape, float(taper[0, 0]), l96(jnp.full(NX, F)).max())
