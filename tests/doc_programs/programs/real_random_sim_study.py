# A simulation study of estimators with jax.random: data drawn from gamma, Student-t,
# Dirichlet, log-normal, truncated normal and multivariate normal samplers with explicit shapes
# and dtypes, random orthogonal matrices and points in a ball, estimators vmapped over 500
# replicate keys, and bias / variance / coverage tables printed per distribution
import jax
import jax.numpy as jnp

R = 500
keys = jax.random.split(jax.random.key(101), R)


def replicate(key):
    ks = jax.random.split(key, 6)
    g = jax.random.gamma(ks[0], 3.0, (50,)) * 2.0
    t = jax.random.t(ks[1], 5.0, (50,))
    d = jax.random.dirichlet(ks[2], jnp.array([1.0, 2.0, 3.0]), (50,))
    ln = jax.random.lognormal(ks[3], 0.5, (50,))
    tn = jax.random.truncated_normal(ks[4], -1.0, 2.0, (50,))
    mvn = jax.random.multivariate_normal(ks[5], jnp.zeros(2), jnp.array([[1.0, 0.8], [0.8, 1.0]]), (50,))
    mean_g = g.mean()
    se_g = g.std(ddof=1) / jnp.sqrt(50.0)
    covered = jnp.abs(mean_g - 6.0) < 1.96 * se_g
    return {
        "gamma mean": mean_g,
        "gamma covered": covered.astype(jnp.float32),
        "t median": jnp.median(t),
        "dirichlet mean": d.mean(0),
        "lognormal log-mean": jnp.log(ln).mean(),
        "truncnorm mean": tn.mean(),
        "mvn corr": jnp.corrcoef(mvn.T)[0, 1],
    }


res = jax.jit(jax.vmap(replicate))(keys)
for name, v in res.items():
    m = v.mean(0)
    s = v.std(0)
    print(f"{name:18s} mean {jnp.round(m, 3)} sd {jnp.round(s, 3)}")
print("truncnorm theory %.3f" % float((jax.scipy.stats.norm.pdf(-1.0) - jax.scipy.stats.norm.pdf(2.0)) / (jax.scipy.stats.norm.cdf(2.0) - jax.scipy.stats.norm.cdf(-1.0))))
Q = jax.random.orthogonal(jax.random.key(1), 4)
print("orthogonal", bool(jnp.allclose(Q @ Q.T, jnp.eye(4), atol=1e-5)), Q.shape, "det %.3f" % abs(float(jnp.linalg.det(Q))))
ball = jax.random.ball(jax.random.key(2), 3, p=2, shape=(1000,))
print("ball radii max %.3f mean %.3f" % (float(jnp.linalg.norm(ball, axis=1).max()), float(jnp.linalg.norm(ball, axis=1).mean())))
print("dtypes", jax.random.gamma(jax.random.key(3), 2.0, (2,), dtype=jnp.float16).dtype, jax.random.randint(jax.random.key(4), (2,), 0, 9, dtype=jnp.uint8).dtype)
print("rademacher", jax.random.rademacher(jax.random.key(5), (8,)), "loggamma", jnp.round(jax.random.loggamma(jax.random.key(6), 0.5, (3,)), 4))
