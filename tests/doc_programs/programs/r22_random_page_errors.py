# "Pseudorandom numbers" / jax.random: the mistakes its sections warn about, printed whole:
# typed keys given to old-style APIs and raw keys to new ones, key_data / wrap_key_data of the
# wrong kinds, arithmetic on typed keys, sampler arguments of the wrong shapes or dtypes, and
# keys split into a non-integer number
import jax
import jax.numpy as jnp
import numpy as np


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


key = jax.random.key(0)
raw = jax.random.PRNGKey(0)
show(lambda: key + 1)
show(lambda: key * 2)
show(lambda: jnp.sum(key))
show(lambda: key.astype(jnp.uint32))
show(lambda: jax.random.key_data(raw))
show(lambda: jax.random.wrap_key_data(jnp.ones(2)))
show(lambda: jax.random.split(key, 2.5))
show(lambda: jax.random.normal(key, (2,), dtype=jnp.int32))
show(lambda: jax.random.randint(key, (2,), 0, 10, dtype=jnp.float32))
show(lambda: jax.random.bernoulli(key, jnp.ones(3), (2,)))
show(lambda: jax.random.choice(key, 3, (5,), replace=False))
show(lambda: jax.random.choice(key, jnp.arange(3), p=jnp.ones(4)))
show(lambda: jax.random.permutation(key, jnp.ones((2, 3)), axis=2))
show(lambda: jax.random.key(np.uint32(3)).dtype)
show(lambda: jax.random.fold_in(key, 1.5))
show(lambda: jax.random.uniform(key, (2,), minval=jnp.ones(2, jnp.int32)).dtype)
show(lambda: jax.random.multivariate_normal(key, jnp.zeros(2), jnp.eye(3)))
show(lambda: jax.random.gamma(key, jnp.ones(2), (3,)))
show(lambda: jax.random.dirichlet(key, jnp.ones(3), (2, 2)).shape)
show(lambda: jax.random.truncated_normal(key, 1.0, 0.0, (2,)))
