# Statistics for a small two-arm trial written with jax.scipy.special: exact binomial
# (Clopper-Pearson) intervals by bisection on betainc, chi-square p-values from gammaincc, a
# Wilson score interval with ndtri, Fisher's exact test from gammaln log-probabilities, a
# log-rank-free Kaplan-Meier curve by cumprod, the t-test's p-value from betainc, logit / expit,
# xlogy entropies, digamma / polygamma in a Beta posterior's moments, and erfinv quantiles
import jax
import jax.numpy as jnp
from jax.scipy import special as sp

successes = jnp.array([18.0, 30.0])
n = jnp.array([40.0, 45.0])
p_hat = successes / n
print(p_hat)


def clopper_pearson(k, n, alpha=0.05):
    def solve(target, lower):
        def body(_, lohi):
            lo, hi = lohi
            mid = 0.5 * (lo + hi)
            # P(X >= k | p) = I_p(k, n - k + 1); P(X <= k | p) = 1 - I_p(k + 1, n - k)
            tail = jnp.where(lower, sp.betainc(jnp.maximum(k, 1e-9), n - k + 1, mid), 1 - sp.betainc(k + 1, jnp.maximum(n - k, 1e-9), mid))
            go_up = jnp.where(lower, tail < target, tail > target)
            return jnp.where(go_up, mid, lo), jnp.where(go_up, hi, mid)

        lo, hi = jax.lax.fori_loop(0, 60, body, (0.0, 1.0))
        return 0.5 * (lo + hi)

    lower = jnp.where(k == 0, 0.0, solve(alpha / 2, True))
    upper = jnp.where(k == n, 1.0, solve(alpha / 2, False))
    return lower, upper


lo, hi = jax.jit(jax.vmap(clopper_pearson))(successes, n)
print(lo, hi, bool(jnp.all((lo < p_hat) & (p_hat < hi))))
z = sp.ndtri(0.975)
centre = (p_hat + z**2 / (2 * n)) / (1 + z**2 / n)
half = z * jnp.sqrt(p_hat * (1 - p_hat) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
print(float(z), centre - half, centre + half)

table = jnp.array([[18.0, 22.0], [30.0, 15.0]])
expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
chi2 = ((table - expected) ** 2 / expected).sum()
p_chi2 = sp.gammaincc(0.5, chi2 / 2)
print(float(chi2), float(p_chi2), float(jax.scipy.stats.chi2.sf(chi2, 1)))


def log_hypergeom(a, r1, c1, total):
    lc = lambda n, k: sp.gammaln(n + 1) - sp.gammaln(k + 1) - sp.gammaln(n - k + 1)
    return lc(r1, a) + lc(total - r1, c1 - a) - lc(total, c1)


r1, c1, total = 40.0, 48.0, 85.0
support = jnp.arange(jnp.maximum(0, c1 - (total - r1)), jnp.minimum(r1, c1) + 1)
logp = log_hypergeom(support, r1, c1, total)
p_obs = jnp.exp(log_hypergeom(18.0, r1, c1, total))
p_fisher = jnp.sum(jnp.where(jnp.exp(logp) <= p_obs * (1 + 1e-7), jnp.exp(logp), 0.0))
print(support.shape, float(jnp.exp(logp).sum()), float(p_fisher))

a = jnp.array([5.1, 4.8, 6.0, 5.5, 5.9, 4.7, 5.3])
b = jnp.array([6.2, 5.9, 6.8, 6.1, 5.7, 6.6])
va, vb = a.var(ddof=1), b.var(ddof=1)
t = (a.mean() - b.mean()) / jnp.sqrt(va / a.size + vb / b.size)
df = (va / a.size + vb / b.size) ** 2 / ((va / a.size) ** 2 / (a.size - 1) + (vb / b.size) ** 2 / (b.size - 1))
p_t = sp.betainc(df / 2, 0.5, df / (df + t**2))
print(float(t), float(df), float(p_t), float(jax.scipy.stats.t.logpdf(t, df)))

times = jnp.array([2.0, 3.0, 3.0, 5.0, 8.0, 9.0, 12.0])
events = jnp.array([1, 1, 0, 1, 0, 1, 1])
at_risk = times.size - jnp.arange(times.size)
surv = jnp.cumprod(1 - events / at_risk)
print(surv)
print(sp.logit(jnp.array([0.1, 0.5, 0.9])), sp.expit(jnp.array([-2.0, 0.0, 2.0])))
probs = jnp.array([0.0, 0.25, 0.75])
print(-jnp.sum(sp.xlogy(probs, probs)), sp.entr(probs), sp.xlog1py(jnp.array([0.0, 2.0]), jnp.array([-1.0, 0.5])))
alpha, beta = 1 + successes, 1 + n - successes
mean_log = sp.digamma(alpha) - sp.digamma(alpha + beta)
var_log = sp.polygamma(1, alpha) - sp.polygamma(1, alpha + beta)
print(mean_log, var_log)
print(jnp.sqrt(2.0) * sp.erfinv(jnp.array([0.5, 0.9, 0.99])), sp.log_ndtr(jnp.array([-10.0, 0.0, 3.0])))
