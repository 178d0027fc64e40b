# Hamiltonian Monte Carlo on a correlated Gaussian and a banana posterior: a leapfrog integrator
# as a fori_loop, Metropolis correction, step-size adaptation by Nesterov dual averaging during
# warmup (as Stan / NumPyro do), a U-turn-limited trajectory length found by a while_loop,
# several chains by vmap, and effective sample sizes from autocorrelations
import jax
import jax.numpy as jnp

COV = jnp.array([[1.0, 0.9], [0.9, 1.0]])
PREC = jnp.linalg.inv(COV)


def logp_gauss(x):
    return -0.5 * x @ PREC @ x


def logp_banana(x):
    return -0.5 * (x[0] ** 2 / 4 + (x[1] - 0.5 * x[0] ** 2) ** 2)


def leapfrog(logp, x, p, eps, n):
    g = jax.grad(logp)

    def body(i, s):
        x, p = s
        p = p + 0.5 * eps * g(x)
        x = x + eps * p
        p = p + 0.5 * eps * g(x)
        return x, p

    return jax.lax.fori_loop(0, n, body, (x, p))


def uturn_length(logp, x, p, eps, max_n=64):
    def cond(s):
        i, xx, pp = s
        return (i < max_n) & (jnp.dot(xx - x, pp) >= 0)

    def body(s):
        i, xx, pp = s
        xx, pp = leapfrog(logp, xx, pp, eps, 1)
        return i + 1, xx, pp

    return jax.lax.while_loop(cond, body, (0, x, p))[0]


def hmc_step(logp, x, key, eps, n):
    k1, k2 = jax.random.split(key)
    p0 = jax.random.normal(k1, x.shape)
    x1, p1 = leapfrog(logp, x, p0, eps, n)
    h0 = -logp(x) + 0.5 * p0 @ p0
    h1 = -logp(x1) + 0.5 * p1 @ p1
    accept_prob = jnp.minimum(1.0, jnp.exp(h0 - h1))
    accept_prob = jnp.where(jnp.isfinite(accept_prob), accept_prob, 0.0)
    x = jnp.where(jax.random.uniform(k2) < accept_prob, x1, x)
    return x, accept_prob


def run_chain(logp, key, n_warmup=300, n_samples=500, target=0.8):
    def warm(carry, inp):
        x, log_eps, log_eps_bar, h_bar = carry
        t, k = inp
        k1, k2 = jax.random.split(k)
        x, a = hmc_step(logp, x, k1, jnp.exp(log_eps), 8)
        h_bar = (1 - 1 / (t + 10)) * h_bar + (target - a) / (t + 10)
        log_eps = jnp.log(10 * 0.1) - jnp.sqrt(t) / 0.05 * h_bar
        eta = t ** -0.75
        log_eps_bar = eta * log_eps + (1 - eta) * log_eps_bar
        return (x, log_eps, log_eps_bar, h_bar), a

    k_w, k_s, k_u = jax.random.split(key, 3)
    ts = jnp.arange(1, n_warmup + 1, dtype=jnp.float32)
    (x, _, log_eps_bar, _), _ = jax.lax.scan(warm, (jnp.zeros(2), jnp.log(0.1), 0.0, 0.0), (ts, jax.random.split(k_w, n_warmup)))
    eps = jnp.exp(log_eps_bar)
    n_leap = uturn_length(logp, x, jax.random.normal(k_u, (2,)), eps)

    def sample(x, k):
        x, a = hmc_step(logp, x, k, eps, jnp.maximum(n_leap, 1))
        return x, (x, a)

    _, (xs, accept) = jax.lax.scan(sample, x, jax.random.split(k_s, n_samples))
    return xs, accept, eps, n_leap


def ess(x):
    x = x - x.mean()
    n = x.shape[0]
    ac = jnp.correlate(x, x, mode="full")[n - 1 :] / (x @ x)
    first_neg = jnp.argmax(ac < 0)
    rho = jnp.where(jnp.arange(n) < first_neg, ac, 0.0)
    return n / (1 + 2 * (rho.sum() - 1))


for name, logp in [("gauss", logp_gauss), ("banana", logp_banana)]:
    chains = jax.jit(jax.vmap(lambda k: run_chain(logp, k)))(jax.random.split(jax.random.key(0), 4))
    xs, accept, eps, n_leap = chains
    print(name, xs.shape, "eps", jnp.round(eps, 3), "L", n_leap)
    print("  accept", jnp.round(accept.mean(1), 3))
    print("  mean", jnp.round(xs.mean((0, 1)), 2), "cov", jnp.round(jnp.cov(xs.reshape(-1, 2).T), 2).tolist())
    print("  ess>50", bool(jnp.all(jax.vmap(ess)(xs[:, :, 0]) > 50)))
