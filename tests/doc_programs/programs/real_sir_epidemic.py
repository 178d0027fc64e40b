# An epidemic model three ways: the deterministic SIR equations by odeint with R0 and the peak,
# a stochastic Gillespie simulation with random.exponential waiting times and
# random.categorical event choice in a while_loop recording into fixed buffers, a chain-binomial
# discrete-time version by lax.scan with random.binomial, many runs by vmap, and the transmission
# rate fitted to noisy daily case counts by gradient descent through odeint with a Poisson
# log-likelihood
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint
from jax.scipy.stats import poisson

N_POP = 200.0


def sir(y, t, beta, gamma):
    s, i, r = y
    inf = beta * s * i / N_POP
    return jnp.array([-inf, inf - gamma * i, gamma * i])


ts = jnp.arange(0.0, 41.0)
y0 = jnp.array([195.0, 5.0, 0.0])
traj = odeint(sir, y0, ts, 0.4, 0.1)
print(traj.shape, f"R0={0.4 / 0.1:.1f}", int(jnp.argmax(traj[:, 1])), f"{float(traj[:, 1].max()):.2f}")
print(bool(jnp.allclose(traj.sum(1), N_POP, atol=1e-3)), f"{float(traj[-1, 2]):.2f}")

MAX_EVENTS = 600


def gillespie(key, beta, gamma):
    def cond(s):
        t, st, n, key, times, infected = s
        return (st[1] > 0) & (n < MAX_EVENTS) & (t < 40.0)

    def body(s):
        t, st, n, key, times, infected = s
        key, k1, k2 = jax.random.split(key, 3)
        rates = jnp.array([beta * st[0] * st[1] / N_POP, gamma * st[1]])
        total = rates.sum()
        dt = jax.random.exponential(k1) / total
        ev = jax.random.categorical(k2, jnp.log(rates))
        change = jnp.where(ev == 0, jnp.array([-1, 1, 0]), jnp.array([0, -1, 1]))
        st = st + change
        return t + dt, st, n + 1, key, times.at[n].set(t + dt), infected.at[n].set(st[1])

    init = (0.0, jnp.array([195, 5, 0]), 0, key, jnp.zeros(MAX_EVENTS), jnp.zeros(MAX_EVENTS, jnp.int32))
    t, st, n, _, times, infected = jax.lax.while_loop(cond, body, init)
    return st, n, times, infected


st, n, times, infected = jax.jit(gillespie)(jax.random.key(0), 0.4, 0.1)
print(st, st.dtype, int(st.sum()), bool(jnp.all(jnp.diff(times[: int(n)]) > 0)), infected.dtype)


def chain_binomial(key, beta, gamma, days=40):
    def day(state, k):
        s, i, r = state
        k1, k2 = jax.random.split(k)
        new_inf = jax.random.binomial(k1, s, 1 - jnp.exp(-beta * i / N_POP))
        new_rec = jax.random.binomial(k2, i, 1 - jnp.exp(-gamma))
        state = jnp.array([s - new_inf, i + new_inf - new_rec, r + new_rec])
        return state, new_inf

    return jax.lax.scan(day, jnp.array([195.0, 5.0, 0.0]), jax.random.split(key, days))


finals, cases = jax.jit(jax.vmap(chain_binomial, in_axes=(0, None, None)))(jax.random.split(jax.random.key(1), 32), 0.4, 0.1)
print(finals.shape, cases.shape, cases.dtype, bool(jnp.allclose(finals.sum(1), N_POP)))
print(f"{float(finals[:, 2].mean()):.2f}", bool(jnp.abs(finals[:, 2].mean() - traj[-1, 2]) < 40))

observed = cases[0]


def nll(log_beta):
    tr = odeint(sir, y0, ts, jnp.exp(log_beta), 0.1)
    expected = jnp.maximum(tr[:-1, 0] - tr[1:, 0], 1e-3)
    return -jnp.sum(poisson.logpmf(observed, expected))


lb = jnp.log(0.25)
vg = jax.jit(jax.value_and_grad(nll))
first = float(vg(lb)[0])
for _ in range(40):
    v, g = vg(lb)
    lb = lb - 0.002 * jnp.clip(g, -50, 50)
print(f"{first:.2f}", float(vg(lb)[0]) < first, f"{float(jnp.exp(lb)):.3f}", bool(jnp.abs(jnp.exp(lb) - 0.4) < 0.15))
