# A discrete hidden Markov model fit by Baum-Welch: sample sequences with lax.scan and
# random.categorical, the forward and backward passes in log space (backward by a reverse scan),
# posteriors, expected counts vmapped over sequences, the EM updates in a jitted step, a check
# that the log-likelihood rises, and the same marginal likelihood's gradient (which equals the
# expected counts, the Fisher identity) compared with EM's statistics
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

S, V, T, B = 3, 4, 20, 16
true_A = jnp.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]])
true_E = jnp.array([[0.7, 0.1, 0.1, 0.1], [0.1, 0.7, 0.1, 0.1], [0.1, 0.1, 0.4, 0.4]])
pi0 = jnp.full(S, 1.0 / S)


def sample(key, A, E, pi):
    k0, key = jax.random.split(key)
    z0 = jax.random.categorical(k0, jnp.log(pi))

    def step(z, k):
        kz, kx = jax.random.split(k)
        x = jax.random.categorical(kx, jnp.log(E[z]))
        return jax.random.categorical(kz, jnp.log(A[z])), (z, x)

    _, (zs, xs) = jax.lax.scan(step, z0, jax.random.split(key, T))
    return zs, xs


keys = jax.random.split(jax.random.key(3), B)
zs, obs = jax.vmap(sample, in_axes=(0, None, None, None))(keys, true_A, true_E, pi0)
print(obs.shape, obs.dtype, jnp.bincount(obs.ravel(), length=V))


def forward_backward(logA, logE, logpi, x):
    em = logE[:, x].T  # (T, S)

    def fwd(alpha, e):
        new = logsumexp(alpha[:, None] + logA, axis=0) + e
        return new, new

    a0 = logpi + em[0]
    _, alphas = jax.lax.scan(fwd, a0, em[1:])
    alphas = jnp.concatenate([a0[None], alphas])

    def bwd(beta, e):
        new = logsumexp(logA + (e + beta)[None, :], axis=1)
        return new, new

    _, betas = jax.lax.scan(bwd, jnp.zeros(S), em[1:], reverse=True)
    betas = jnp.concatenate([betas, jnp.zeros((1, S))])
    ll = logsumexp(alphas[-1])
    gamma = jnp.exp(alphas + betas - ll)
    xi = jnp.exp(alphas[:-1, :, None] + logA[None] + (em[1:] + betas[1:])[:, None, :] - ll)
    return ll, gamma, xi


@jax.jit
def em_step(A, E, pi, xs):
    ll, gamma, xi = jax.vmap(forward_backward, in_axes=(None, None, None, 0))(jnp.log(A), jnp.log(E), jnp.log(pi), xs)
    A_new = xi.sum((0, 1))
    A_new = A_new / A_new.sum(1, keepdims=True)
    counts = jnp.einsum("bts,btv->sv", gamma, jax.nn.one_hot(xs, V))
    E_new = counts / counts.sum(1, keepdims=True)
    pi_new = gamma[:, 0].mean(0)
    return A_new, E_new, pi_new, ll.sum()


key = jax.random.key(7)
A = jax.nn.softmax(jax.random.normal(key, (S, S)), axis=1)
E = jax.nn.softmax(jax.random.normal(jax.random.fold_in(key, 1), (S, V)), axis=1)
pi = pi0
lls = []
for _ in range(15):
    A, E, pi, ll = em_step(A, E, pi, obs)
    lls.append(float(ll))
print([f"{v:.3f}" for v in lls[:3]], f"{lls[-1]:.3f}")
print(all(b >= a - 1e-3 for a, b in zip(lls, lls[1:])))
print(jnp.allclose(A.sum(1), 1.0, atol=1e-5), jnp.allclose(E.sum(1), 1.0, atol=1e-5), A.shape, E.shape)


def total_ll(logA, logE, logpi):
    return jax.vmap(lambda x: forward_backward(logA, logE, logpi, x)[0])(obs).sum()


gA = jax.grad(total_ll)(jnp.log(A), jnp.log(E), jnp.log(pi))
_, _, xi = jax.vmap(forward_backward, in_axes=(None, None, None, 0))(jnp.log(A), jnp.log(E), jnp.log(pi), obs)
print(bool(jnp.allclose(gA, xi.sum((0, 1)), rtol=1e-3, atol=1e-3)))
ll0, gamma0, _ = forward_backward(jnp.log(A), jnp.log(E), jnp.log(pi), obs[0])
print(f"{float(ll0):.4f}", gamma0.shape, bool(jnp.allclose(gamma0.sum(1), 1.0, atol=1e-4)))
