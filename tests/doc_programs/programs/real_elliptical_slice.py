# Elliptical slice sampling (Murray, Adams & MacKay) for a latent Gaussian-process classifier:
# the GP prior's Cholesky factor from an RBF kernel, each update drawing an ellipse through the
# current latent function and a prior sample, shrinking the angle bracket in a lax.while_loop
# until the likelihood threshold is met; posterior predictive probabilities averaged over
# samples from a jitted lax.scan
import jax
import jax.numpy as jnp

x = jnp.linspace(-3, 3, 25)
y = jnp.where(jnp.sin(1.5 * x) > 0, 1.0, -1.0)
K = jnp.exp(-0.5 * (x[:, None] - x[None]) ** 2 / 0.8**2) * 2.0 + 1e-5 * jnp.eye(25)
L = jnp.linalg.cholesky(K)


def log_lik(f):
    return jnp.sum(jax.nn.log_sigmoid(y * f))


def ess_step(f, key):
    k_nu, k_u, k_th, k_loop = jax.random.split(key, 4)
    nu = L @ jax.random.normal(k_nu, f.shape)
    log_y = log_lik(f) + jnp.log(jax.random.uniform(k_u))
    theta = jax.random.uniform(k_th, minval=0.0, maxval=2 * jnp.pi)
    lo, hi = theta - 2 * jnp.pi, theta

    def proposal(th):
        return f * jnp.cos(th) + nu * jnp.sin(th)

    def cond(s):
        th, lo, hi, key, n = s
        return log_lik(proposal(th)) <= log_y

    def body(s):
        th, lo, hi, key, n = s
        lo = jnp.where(th < 0, th, lo)
        hi = jnp.where(th < 0, hi, th)
        key, sub = jax.random.split(key)
        return jax.random.uniform(sub, minval=lo, maxval=hi), lo, hi, key, n + 1

    th, _, _, _, n = jax.lax.while_loop(cond, body, (theta, lo, hi, k_loop, 0))
    f = proposal(th)
    return f, (f, n)


keys = jax.random.split(jax.random.key(21), 600)
_, (fs, shrinks) = jax.jit(lambda f: jax.lax.scan(ess_step, f, keys))(jnp.zeros(25))
post = jax.nn.sigmoid(fs[100:]).mean(0)
print("samples", fs.shape, "mean shrinks %.2f" % float(shrinks.mean()), shrinks.dtype)
print("posterior p(y=1)", jnp.round(post[::4], 2))
print("train accuracy %.2f" % float(jnp.mean(jnp.where(post > 0.5, 1.0, -1.0) == y)))
print("mean log lik %.3f" % float(jax.vmap(log_lik)(fs[100:]).mean()))
print("prior sample norm %.3f" % float(jnp.linalg.norm(L @ jax.random.normal(jax.random.key(0), (25,)))))
