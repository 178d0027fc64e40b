# A NUTS-lite sampler: leapfrog steps extended in a lax.while_loop until the U-turn criterion
# (p . (q - q0) < 0) or a maximum number of steps, the proposal picked from the trajectory by
# multinomial sampling on the Hamiltonian's weights, a Metropolis-free chain run by lax.scan on a
# correlated Gaussian and a banana density, several chains by vmap, and moments compared with truth
import jax
import jax.numpy as jnp

COV = jnp.array([[1.0, 0.8], [0.8, 1.0]])
PREC = jnp.linalg.inv(COV)


def logp_gauss(q):
    return -0.5 * q @ PREC @ q


def logp_banana(q):
    return -0.5 * (q[0] ** 2 / 4.0 + (q[1] - 0.25 * q[0] ** 2) ** 2)


def make_kernel(logp, eps, max_steps=32):
    grad = jax.grad(logp)

    def leapfrog(q, p):
        p = p + 0.5 * eps * grad(q)
        q = q + eps * p
        p = p + 0.5 * eps * grad(q)
        return q, p

    def kernel(q0, key):
        kp, ks = jax.random.split(key)
        p0 = jax.random.normal(kp, q0.shape)
        h0 = logp(q0) - 0.5 * p0 @ p0

        def cond(s):
            q, p, n, best, logw, key = s
            return (n < max_steps) & ((n == 0) | (p @ (q - q0) > 0))

        def body(s):
            q, p, n, best, logw, key = s
            q, p = leapfrog(q, p)
            lw = logp(q) - 0.5 * p @ p - h0
            key, sub = jax.random.split(key)
            new_logw = jnp.logaddexp(logw, lw)
            take = jax.random.uniform(sub) < jnp.exp(lw - new_logw)
            return q, p, n + 1, jnp.where(take, q, best), new_logw, key

        init = (q0, p0, jnp.int32(0), q0, jnp.float32(0.0), ks)
        q, p, n, best, logw, _ = jax.lax.while_loop(cond, body, init)
        return best, n

    return kernel


def run_chain(kernel, q0, key, n):
    def step(q, k):
        q, steps = kernel(q, k)
        return q, (q, steps)

    _, (qs, steps) = jax.lax.scan(step, q0, jax.random.split(key, n))
    return qs, steps


kernel = make_kernel(logp_gauss, 0.25)
chains = jax.jit(jax.vmap(lambda q, k: run_chain(kernel, q, k, 400)))
qs, steps = chains(jnp.zeros((4, 2)), jax.random.split(jax.random.key(0), 4))
print(qs.shape, steps.dtype, int(steps.min()) >= 1, int(steps.max()) <= 32)
samples = qs[:, 100:].reshape(-1, 2)
print(jnp.abs(samples.mean(0)).max() < 0.25, jnp.abs(jnp.cov(samples.T) - COV).max() < 0.3)
print(float(steps.mean()))
kb = make_kernel(logp_banana, 0.2)
qb, sb = jax.jit(lambda k: run_chain(kb, jnp.zeros(2), k, 600))(jax.random.key(3))
print(qb.shape, float(qb[200:, 0].var()) > 1.0, float(qb[200:, 1].mean()))
single, n = jax.jit(kernel)(jnp.array([1.0, -1.0]), jax.random.key(9))
print(single, n)
