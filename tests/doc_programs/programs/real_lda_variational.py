# Latent Dirichlet allocation by mean-field variational inference (Blei et al.): synthetic
# documents from three topics, the per-document E-step iterating gamma / phi with digamma in a
# lax.fori_loop vmapped over documents, the M-step for the topic-word matrix, the ELBO pieces
# with gammaln, and the recovered topics matched to the true ones
import jax
import jax.numpy as jnp
from jax.scipy.special import digamma, gammaln

K, V, D, LEN = 3, 12, 60, 40
key = jax.random.key(31)
k_theta, k_z, k_init = jax.random.split(key, 3)
beta_true = jnp.zeros((K, V)).at[0, :4].set(1.0).at[1, 4:8].set(1.0).at[2, 8:].set(1.0)
beta_true = (beta_true + 0.02) / (beta_true + 0.02).sum(1, keepdims=True)
theta = jax.random.dirichlet(k_theta, jnp.full(K, 0.3), (D,))
word_probs = theta @ beta_true
words = jax.vmap(lambda k, p: jax.random.categorical(k, jnp.log(p), shape=(LEN,)))(jax.random.split(k_z, D), word_probs)
counts = jax.vmap(lambda w: jnp.bincount(w, length=V))(words).astype(jnp.float32)
print("corpus", counts.shape, "total words", int(counts.sum()))
alpha = 0.3


def e_step(n_d, log_beta):
    def body(_, gamma):
        log_phi = log_beta + digamma(gamma)[:, None]
        phi = jax.nn.softmax(log_phi, axis=0)
        return alpha + phi @ n_d

    gamma = jax.lax.fori_loop(0, 30, body, jnp.full(K, alpha + n_d.sum() / K))
    phi = jax.nn.softmax(log_beta + digamma(gamma)[:, None], axis=0)
    return gamma, phi * n_d[None]


def dirichlet_kl_term(gamma):
    return gammaln(gamma.sum()) - gammaln(gamma).sum() - (gammaln(K * alpha) - K * gammaln(alpha)) - jnp.sum((gamma - alpha) * (digamma(gamma) - digamma(gamma.sum())))


@jax.jit
def em_step(log_beta):
    gamma, stats = jax.vmap(e_step, (0, None))(counts, log_beta)
    beta = stats.sum(0) + 1e-3
    beta = beta / beta.sum(1, keepdims=True)
    ll = jnp.sum(counts * jnp.log(jax.vmap(lambda g: (g / g.sum()) @ beta)(gamma)))
    return jnp.log(beta), gamma, ll, jnp.mean(jax.vmap(dirichlet_kl_term)(gamma))


log_beta = jnp.log(jax.random.dirichlet(k_init, jnp.ones(V), (K,)))
for i in range(15):
    log_beta, gamma, ll, kl = em_step(log_beta)
    if i % 5 == 4:
        print(f"iter {i + 1} log lik {float(ll):.2f} dirichlet term {float(kl):.3f}")
beta = jnp.exp(log_beta)
match = jnp.argmax(beta @ beta_true.T, 1)
print("topic match", match, "top words", jnp.argsort(-beta, 1)[:, :4])
print("topic error %.3f" % float(jnp.abs(beta - beta_true[match]).sum(1).mean()))
print("doc 0 proportions", jnp.round(gamma[0] / gamma[0].sum(), 2), "true", jnp.round(theta[0][match], 2))
