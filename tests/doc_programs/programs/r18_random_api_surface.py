# jax.random's API surface: typed keys vs raw uint32 keys, key_data / wrap_key_data with impls,
# key_impl, bits of every width, samplers with explicit shapes and dtypes (gamma, dirichlet,
# multivariate_normal with methods, orthogonal, t, beta, categorical with axis / replace,
# choice with p and axis), split / fold_in shapes, keys under jit / vmap, and the samplers' errors
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

k = random.key(1701)
raw = random.PRNGKey(1701)
print(k.dtype, k.shape, raw.dtype, raw.shape)
print(random.key_data(k), random.key_data(raw))
print(random.key_impl(k), random.key_impl(raw))
w = random.wrap_key_data(jnp.array([0, 1701], dtype=jnp.uint32))
print(w, random.key_data(w) == random.key_data(k))
w2 = random.wrap_key_data(random.key_data(random.key(3, impl="rbg")), impl="rbg")
print(random.key_impl(w2), random.key_data(w2).shape)
ks = random.split(k, 4)
print(ks.shape, random.key_data(ks).shape, random.key_data(ks)[:, 0])
print(random.split(k, (2, 3)).shape, random.fold_in(k, 3).shape)
print(jnp.array_equal(random.key_data(random.fold_in(k, 3)), random.key_data(random.fold_in(raw, 3))))

for dt in (jnp.uint8, jnp.uint16, jnp.uint32):
    b = random.bits(k, (4,), dt)
    print(dt.__name__, b, b.dtype)
print(random.bits(k).dtype, random.bits(k, (2, 2)).shape)

print(random.gamma(k, 2.0, (3,)), random.gamma(k, jnp.array([0.5, 1.0, 5.0])))
print(random.gamma(k, 3.0, (2,), dtype=jnp.float16).dtype)
print(random.loggamma(k, 0.1, (3,)))
print(random.dirichlet(k, jnp.array([1.0, 2.0, 3.0]), (2,)))
print(random.dirichlet(k, jnp.ones(4)).sum())
mean = jnp.array([1.0, -1.0])
cov = jnp.array([[2.0, 0.5], [0.5, 1.0]])
for method in ("cholesky", "eigh", "svd"):
    s = random.multivariate_normal(k, mean, cov, (5000,), method=method)
    print(method, s.shape, np.round(np.asarray(s.mean(0)), 1), np.round(np.cov(np.asarray(s).T), 1).tolist())
print(random.multivariate_normal(k, mean, cov, dtype=jnp.float16).dtype)
q = random.orthogonal(k, 3)
print(q.shape, jnp.allclose(q @ q.T, jnp.eye(3), atol=1e-5))
print(random.orthogonal(k, 2, (4,)).shape, random.orthogonal(k, 3, m=2).shape if hasattr(random.orthogonal, "__call__") else "")
print(random.t(k, 5.0, (3,)), random.t(k, jnp.array([1.0, 30.0])).shape)
print(random.beta(k, 0.5, 0.5, (3,)), random.beta(k, jnp.ones(2), 2 * jnp.ones(2)))
logits = jnp.log(jnp.array([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]]))
print(random.categorical(k, logits), random.categorical(k, logits, axis=0))
print(random.categorical(k, logits, shape=(4, 2)))
print(random.categorical(k, logits[0], shape=(3,), replace=False))
print(random.choice(k, jnp.arange(12).reshape(3, 4), (2,), axis=1))
print(random.choice(k, 5, (5,), replace=False, p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.2])))
print(random.permutation(k, jnp.arange(10)), random.permutation(k, 4))
print(random.randint(k, (4,), 0, 100, dtype=jnp.uint8), random.randint(k, (2,), jnp.array([0, 10]), jnp.array([5, 20])))
print(random.uniform(k, (2, 2), dtype=jnp.bfloat16, minval=1, maxval=2))
print(random.normal(k, (2,), dtype=jnp.complex64))
print(random.truncated_normal(k, jnp.array([-1.0, 0.0]), jnp.array([1.0, 2.0])))
print(random.bernoulli(k, jnp.array([0.0, 0.5, 1.0])), random.bernoulli(k, 0.5, (2, 3)).dtype)
print(random.poisson(k, jnp.array([1.0, 10.0, 100.0])), random.poisson(k, 2.0, (3,), dtype=jnp.int16).dtype)
print(random.binomial(k, jnp.array([5.0, 50.0]), 0.5), random.multinomial(k, 10.0, jnp.array([0.2, 0.3, 0.5])))
print(random.exponential(k, (2,), dtype=jnp.float16), random.rayleigh(k, 2.0, (2,)))

draw = jax.jit(lambda key: random.normal(key, (3,)))
print(draw(k), draw(raw))
print(jax.vmap(lambda key: random.uniform(key))(random.split(k, 3)))
print(jax.vmap(random.key)(jnp.arange(3)).shape)
print(jax.jit(random.key_data)(k), jax.jit(random.split)(k).shape)
print(jax.jit(lambda d: random.wrap_key_data(d))(random.key_data(k)))
print(jax.random.key(0) == jax.random.key(0), (ks == ks[0]))

for bad in (
    lambda: random.key(jnp.zeros((2,))),
    lambda: random.wrap_key_data(jnp.zeros((3,), jnp.uint32)),
    lambda: random.normal(k, (2,), dtype=jnp.int32),
    lambda: random.randint(k, (2,), 0, 5, dtype=jnp.float32),
    lambda: random.key_data(jnp.zeros(2)),
    lambda: random.multivariate_normal(k, mean, cov, method="qr"),
    lambda: random.choice(k, 3, (5,), replace=False),
    lambda: k + 1,
):
    try:
        bad()
        print("no error")
    except Exception as e:
        print(type(e).__name__)
