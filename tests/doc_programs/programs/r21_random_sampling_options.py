# jax.random's docstrings with their options: choice with p / replace=False / axis / shape,
# permutation with independent=True and of an integer, split into a shape, categorical with
# shape and replace=False, gumbel's mode, randint with array bounds, bernoulli with a p array,
# truncated_normal with bounds arrays, uniform with minval / maxval arrays, the shapes and
# dtypes of keys and samples, and vmap over split keys
import jax
import jax.numpy as jnp

key = jax.random.key(42)
k1, k2, k3 = jax.random.split(key, 3)
print(jax.random.split(key, (2, 3)).shape, jax.random.split(key, (2, 3)).dtype)
a = jnp.arange(10)
print(jax.random.choice(k1, a, (3,), replace=False))
print(jax.random.choice(k1, 5, (2, 2), p=jnp.array([0.1, 0.1, 0.1, 0.1, 0.6])))
print(jax.random.choice(k2, jnp.arange(12).reshape(3, 4), (2,), axis=1, replace=False))
print(
    jax.random.permutation(k1, 6),
    jax.random.permutation(k1, jnp.arange(12).reshape(3, 4), axis=1, independent=True),
)
logits = jnp.log(jnp.array([[0.2, 0.3, 0.5], [0.9, 0.05, 0.05]]))
print(jax.random.categorical(k2, logits), jax.random.categorical(k2, logits, shape=(4, 2)))
print(jax.random.categorical(k3, logits[0], shape=(3,), replace=False))
print(jax.random.gumbel(k1, (3,)), jax.random.gumbel(k1, (3,), mode="high"))
print(jax.random.randint(k2, (2, 3), jnp.array([0, 10, 100]), jnp.array([5, 20, 200])))
print(jax.random.bernoulli(k3, jnp.array([0.0, 0.5, 1.0]), (2, 3)))
print(jax.random.truncated_normal(k1, jnp.array([-1.0, 0.0]), jnp.array([1.0, 2.0]), (3, 2)))
print(jax.random.uniform(k2, (2, 2), minval=jnp.array([0.0, 10.0]), maxval=jnp.array([1.0, 20.0])))
print(jax.random.normal(k3, (2,), dtype=jnp.float16), jax.random.uniform(k3, dtype=jnp.bfloat16))
keys = jax.random.split(key, 4)
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys))
print(jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, jnp.arange(3)).shape)
print(jax.random.key_data(jax.random.fold_in(key, 7)))
print(jax.random.exponential(k1, (3,)), jax.random.laplace(k2, (3,)), jax.random.logistic(k3, (3,)))
print(
    jax.random.t(k1, 3.0, (2,)),
    jax.random.chisquare(k2, 2.0, (2,)),
    jax.random.pareto(k3, 3.0, (2,)),
)
print(jax.random.dirichlet(k1, jnp.array([1.0, 2.0, 3.0]), (2,)))
print(jax.random.multivariate_normal(k2, jnp.zeros(2), jnp.array([[1.0, 0.5], [0.5, 1.0]]), (3,)))
