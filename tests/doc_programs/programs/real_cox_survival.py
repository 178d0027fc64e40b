# Survival analysis: a Cox proportional-hazards model fitted by maximising the Breslow partial
# likelihood (risk sets by sorting on time and a reverse cumulative logsumexp), Newton steps
# with jax.hessian, standard errors from the inverse Hessian, the concordance index, and a
# Kaplan-Meier curve from cumulative products
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(13)
n = 200
X = jnp.asarray(rng.normal(size=(n, 3)), jnp.float32)
beta_true = np.array([0.8, -0.5, 0.0])
T = rng.exponential(1.0 / np.exp(np.asarray(X) @ beta_true))
C = rng.exponential(2.0, size=n)
time = jnp.asarray(np.minimum(T, C), jnp.float32)
event = jnp.asarray(T <= C, jnp.float32)
print("events", int(event.sum()), "of", n)
order = jnp.argsort(-time)
Xs, es = X[order], event[order]


def neg_partial_loglik(beta):
    eta = Xs @ beta
    log_risk = jax.lax.cumlogsumexp(eta)
    return -jnp.sum(es * (eta - log_risk))


beta = jnp.zeros(3)
step = jax.jit(lambda b: b - jnp.linalg.solve(jax.hessian(neg_partial_loglik)(b), jax.grad(neg_partial_loglik)(b)))
for i in range(6):
    beta = step(beta)
    print(f"newton {i} beta {jnp.round(beta, 4)} nll {float(neg_partial_loglik(beta)):.4f}")
se = jnp.sqrt(jnp.diag(jnp.linalg.inv(jax.hessian(neg_partial_loglik)(beta))))
print("se", jnp.round(se, 4), "z", jnp.round(beta / se, 2))


@jax.jit
def concordance(risk, time, event):
    earlier = time[:, None] < time[None, :]
    valid = earlier & (event[:, None] > 0)
    conc = jnp.sum(valid & (risk[:, None] > risk[None, :])) + 0.5 * jnp.sum(valid & (risk[:, None] == risk[None, :]))
    return conc / jnp.sum(valid)


print("c-index %.4f" % float(concordance(X @ beta, time, event)))
print("c-index random %.4f" % float(concordance(jnp.zeros(n), time, event)))


def kaplan_meier(time, event):
    o = jnp.argsort(time)
    t, e = time[o], event[o]
    at_risk = n - jnp.arange(n)
    surv = jnp.cumprod(1.0 - e / at_risk)
    return t, surv


t, s = kaplan_meier(time, event)
idx = jnp.searchsorted(t, jnp.array([0.25, 0.5, 1.0, 2.0]))
print("KM survival", jnp.round(s[idx - 1], 4))
print("median survival time %.4f" % float(t[jnp.argmax(s <= 0.5)]))
