# "Pseudorandom numbers" and jax.numpy pages: the errors of wrapping key data of the wrong
# shape, dtype or implementation, categorical's axis and sample shape, seeds that are not
# integers, and array constructors given traced sizes under jit (eye, identity, tile, tri,
# fromfunction, full, arange, linspace, repeat), printed whole, then the working forms
import jax
import jax.numpy as jnp
import numpy as np


def show(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
        print("ok", getattr(out, "shape", out), getattr(out, "dtype", ""))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


key = jax.random.key(0)
u32 = jnp.uint32
show(jax.random.wrap_key_data, jnp.ones(3, u32))
show(jax.random.wrap_key_data, jnp.ones((4, 3), u32))
show(jax.random.wrap_key_data, jnp.ones(2, u32), impl="rbg")
show(jax.random.wrap_key_data, jnp.ones(4, u32), impl="unsafe_rbg")
show(jax.random.wrap_key_data, jnp.ones(2, jnp.int32))
show(jax.random.wrap_key_data, jnp.ones((), u32))
show(jax.random.wrap_key_data, key)
show(jax.random.wrap_key_data, np.arange(8, dtype=np.uint32).reshape(4, 2))
show(jax.random.categorical, key, jnp.ones((2, 3)), axis=2)
show(jax.random.categorical, key, jnp.ones((2, 3)), axis=-3)
show(jax.random.categorical, key, jnp.ones((2, 3)), shape=(4,))
show(jax.random.categorical, key, jnp.ones((2, 3)), shape=(1,))
show(jax.random.categorical, key, jnp.ones((2, 3)), axis=0, shape=(5, 3))
show(jax.random.categorical, key, jnp.ones((2, 3)), shape=(5, 2))
show(jax.random.categorical, key, jnp.ones((3,)), axis=1)
show(jax.random.key, 1.5)
show(jax.random.PRNGKey, np.float32(2.0))
show(jax.random.key, 1 + 2j)
show(jax.random.key, "seed")
show(jax.random.key, np.int8(-3))
show(jax.random.bernoulli, key, 0.5, (-1,))
show(jax.random.poisson, key, 2.0, (-1,))
show(jax.random.normal, key, (2.5,))
show(jax.random.uniform, key, 3.5)
show(jax.random.bernoulli, key, jnp.ones(3) * 0.5, (1,))

show(jax.jit(lambda n: jnp.eye(n)), 3)
show(jax.jit(lambda m: jnp.eye(3, m)), 3)
show(jax.jit(lambda k: jnp.eye(3, k=k)), 1)
show(jax.jit(lambda n: jnp.identity(n)), 3)
show(jax.jit(lambda x, n: jnp.tile(x, n)), jnp.ones(2), 3)
show(jax.jit(lambda x, n: jnp.tile(x, (n, 2))), jnp.ones(2), 3)
show(jnp.tile, jnp.ones(2), 2.5)
show(jnp.tile, jnp.ones((2, 2)), (2, 1.5))
show(jax.jit(lambda n: jnp.tri(n)), 3)
show(jax.jit(lambda k: jnp.tri(3, 4, k)), -1)
show(jax.jit(lambda n: jnp.fromfunction(lambda i: i, (n,))), 3)
show(jnp.fromfunction, lambda i: i, (2.5,))
show(jnp.eye, 2.5)
show(jnp.eye, 2, 2.5)
show(jnp.zeros, (2.5,))
show(jnp.zeros, -1)
show(jax.jit(lambda n: jnp.full((n,), 1.0)), 3)
show(jax.jit(lambda n: jnp.arange(n)), 3)
show(jax.jit(lambda n: jnp.linspace(0.0, 1.0, n)), 3)
show(jax.jit(lambda x, n: jnp.repeat(x, n)), jnp.ones(2), 3)

# the working forms: static sizes, or sizes fixed by total_repeat_length
show(jax.jit(lambda n: jnp.eye(n), static_argnums=0), 3)
show(jax.jit(lambda x, n: jnp.tile(x, n), static_argnums=1), jnp.ones(2), 3)
show(jax.jit(lambda x, n: jnp.repeat(x, n, total_repeat_length=6)), jnp.ones(2), 3)
print(jax.jit(lambda k: jnp.tri(3, 3, k))(1))
print(jax.random.key_data(jax.random.wrap_key_data(jnp.arange(4, dtype=u32), impl="rbg")))
print(jax.random.categorical(key, jnp.log(jnp.array([[0.1, 0.9], [0.8, 0.2]])), shape=(3, 2)))
