# A self-exciting Hawkes process with an exponential kernel: events simulated by Ogata's thinning
# algorithm in a lax.while_loop writing into a fixed-size buffer, the exact log-likelihood by a
# recursive scan over inter-event times, maximum-likelihood fitting of (mu, alpha, beta) through
# softplus parameters with gradient ascent, the compensator's time-rescaling check, and a vmap
# over simulation keys for the branching ratio
import jax
import jax.numpy as jnp

T_MAX, CAP = 200.0, 1024
mu0, alpha0, beta0 = 0.5, 0.8, 1.5


def intensity_after(t, times, n, mu, alpha, beta):
    mask = jnp.arange(CAP) < n
    return mu + alpha * jnp.sum(jnp.where(mask & (times <= t), jnp.exp(-beta * (t - times)), 0.0))


def simulate(key, mu, alpha, beta):
    def cond(s):
        t, n, times, key = s
        return (t < T_MAX) & (n < CAP)

    def body(s):
        t, n, times, key = s
        key, k1, k2 = jax.random.split(key, 3)
        lam_bar = intensity_after(t, times, n, mu, alpha, beta) + 1e-6
        t_new = t + jax.random.exponential(k1) / lam_bar
        lam_new = intensity_after(t_new, times, n, mu, alpha, beta)
        accept = (jax.random.uniform(k2) * lam_bar <= lam_new) & (t_new < T_MAX)
        times = jnp.where(accept, times.at[n].set(t_new), times)
        return t_new, n + accept, times, key

    _, n, times, _ = jax.lax.while_loop(cond, body, (0.0, 0, jnp.full(CAP, jnp.inf), key))
    return times, n


def log_lik(params, times, n):
    mu, alpha, beta = jax.nn.softplus(params)
    mask = jnp.arange(CAP) < n
    t = jnp.where(mask, times, T_MAX)
    dt = jnp.diff(t, prepend=0.0)

    def step(A, d):
        A = jnp.exp(-beta * d) * (1.0 + A)
        return A, A

    _, A = jax.lax.scan(step, -1.0, dt)  # A_i = sum_{j<i} exp(-beta (t_i - t_j))
    A = A.at[0].set(0.0)
    log_terms = jnp.sum(jnp.where(mask, jnp.log(mu + alpha * A), 0.0))
    compensator = mu * T_MAX + alpha / beta * jnp.sum(jnp.where(mask, 1 - jnp.exp(-beta * (T_MAX - t)), 0.0))
    return log_terms - compensator


times, n = jax.jit(simulate)(jax.random.key(5), mu0, alpha0, beta0)
print("events:", int(n), "expected about", round(mu0 * T_MAX / (1 - alpha0 / beta0), 1))
print("sorted:", bool(jnp.all(jnp.diff(times[: int(n)]) > 0)), "first times:", jnp.round(times[:4], 3))
inv_softplus = lambda x: jnp.log(jnp.expm1(x))
true_p = inv_softplus(jnp.array([mu0, alpha0, beta0]))
print("log-likelihood at truth:", round(float(log_lik(true_p, times, n)), 3))

grad_ll = jax.jit(jax.value_and_grad(log_lik))
p = inv_softplus(jnp.array([1.0, 0.3, 1.0]))
for i in range(400):
    ll, g = grad_ll(p, times, n)
    p = p + 0.002 * g
est = jax.nn.softplus(p)
print("fitted (mu, alpha, beta):", jnp.round(est, 2), "log-lik:", round(float(ll), 2))
print("branching ratio estimate:", round(float(est[1] / est[2]), 2), "true:", round(alpha0 / beta0, 3))


def compensator_at(ts, times, n, mu, alpha, beta):
    mask = jnp.arange(CAP) < n
    return mu * ts + alpha / beta * jnp.sum(jnp.where(mask & (times < ts), 1 - jnp.exp(-beta * (ts - times)), 0.0))


taus = jax.vmap(compensator_at, in_axes=(0, None, None, None, None, None))(times[: int(n)], times, n, mu0, alpha0, beta0)
gaps = jnp.diff(taus)
print("rescaled gaps mean ~1:", round(float(gaps.mean()), 2), "std ~1:", round(float(gaps.std()), 2))
counts = jax.vmap(lambda k: simulate(k, mu0, alpha0, beta0)[1])(jax.random.split(jax.random.key(9), 8))
print("event counts over 8 runs:", counts)
