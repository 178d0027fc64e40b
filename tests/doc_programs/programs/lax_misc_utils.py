# Assorted jax.lax and jax.numpy utilities from their API docs: top_k and beam-search style
# selection, cumulative reductions (cumsum / cumlogsumexp / cummax, reverse), optimization_barrier,
# platform_dependent, eigh-based PCA of a small synthetic data set, trapezoid integration
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

scores = jnp.array([[0.1, 2.0, -1.0, 3.5, 0.7], [1.0, 1.0, 0.0, -2.0, 5.0]])
values, indices = lax.top_k(scores, 3)
print(values)
print(indices, indices.dtype)
print(lax.top_k(jnp.array([3, 1, 3, 2]), 2))
print(jax.grad(lambda s: lax.top_k(s, 2)[0].sum())(scores[0]))
print(jax.vmap(lambda r: lax.top_k(r, 1)[1])(scores))

# one step of beam search: expand each beam by the vocabulary and keep the best `beam` sequences
beam, vocab = 2, 4
beam_logp = jnp.log(jnp.array([0.6, 0.4]))
step_logp = jax.nn.log_softmax(jnp.array([[1., 2., 0., -1.], [0.5, 0.5, 3., 0.]]))
total = (beam_logp[:, None] + step_logp).reshape(-1)
best, flat = lax.top_k(total, beam)
print(jnp.round(best, 4), flat // vocab, flat % vocab)

x = jnp.array([1., -2., 3., 0.5, 4.])
print(lax.cumsum(x), lax.cumsum(x, reverse=True))
print(jnp.round(lax.cumlogsumexp(x), 4), jnp.round(lax.cumlogsumexp(x, reverse=True), 4))
print(lax.cummax(x), lax.cummin(x), lax.cumprod(x))
print(lax.cummax(x, reverse=True), jnp.round(jax.grad(lambda x: lax.cumlogsumexp(x)[-1])(x), 4))
m = jnp.arange(6.).reshape(2, 3)
print(lax.cumsum(m, axis=1), jnp.cumsum(m, axis=0), jnp.cumulative_sum(m, axis=1, include_initial=True))

# optimization_barrier keeps values apart; it is the identity on values
def barrier_fn(a, b):
    a, b = lax.optimization_barrier((a * 2., b + 1.))
    return a + b


print(jax.jit(barrier_fn)(1., 2.), jax.grad(barrier_fn)(1., 2.))
print(jax.make_jaxpr(barrier_fn)(1., 2.))

# platform_dependent picks a branch by the platform it runs on
def on_cpu(x):
    return x + 1.


def elsewhere(x):
    return x - 1.


print(lax.platform_dependent(jnp.float32(5.), cpu=on_cpu, default=elsewhere))
print(jax.jit(lambda x: lax.platform_dependent(x, cpu=on_cpu, default=elsewhere))(jnp.float32(5.)))

# PCA with eigh on a synthetic data set
key = jax.random.key(0)
z = jax.random.normal(key, (200, 2))
data = z @ jnp.array([[3., 0.], [1., 0.5]])
centered = data - data.mean(0)
cov = centered.T @ centered / (data.shape[0] - 1)
evals, evecs = jnp.linalg.eigh(cov)
print(jnp.round(evals, 2), evals.dtype)
print(jnp.round(jnp.abs(evecs[:, -1]), 3))
print(jnp.round(jnp.var(centered @ evecs[:, -1], ddof=1), 2))
w, v = jnp.linalg.eigh(jnp.array([[2., 1.], [1., 2.]]))
print(w, jnp.round(jnp.abs(v), 4))
print(jnp.round(jnp.linalg.eigvalsh(jnp.array([[4., 1.], [1., 3.]]), UPLO="U"), 4))

# trapezoid integration
t = jnp.linspace(0., jnp.pi, 101)
print(jnp.round(jnp.trapezoid(jnp.sin(t), t), 5), jnp.round(jax.scipy.integrate.trapezoid(jnp.sin(t), t), 5))
print(jnp.trapezoid(jnp.array([1., 2., 3.]), dx=0.5), jnp.trapezoid(jnp.ones((2, 3)), axis=0))
print(jnp.round(jax.grad(lambda a: jnp.trapezoid(a * t ** 2, t))(1.), 4))
