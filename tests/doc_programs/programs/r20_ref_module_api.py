# The jax.ref module's functions (get / set / swap / addupdate with indexers, freeze, the
# AbstractRef type, empty_ref inside jit, free_ref) next to the Ref methods: reads and writes
# through `ref[...]` and indexers, refs as jit arguments and in scan / fori_loop, and
# jax.typeof of a ref
import jax
import jax.numpy as jnp
from jax import ref as jref

r = jax.new_ref(jnp.arange(6.0))
print(type(r).__name__, jax.typeof(r), isinstance(jax.typeof(r), jref.AbstractRef))
print(jref.get(r, ()))
jref.set(r, (), jnp.zeros(6))
print(r[...])
old = jref.swap(r, (slice(1, 3),), jnp.array([5.0, 6.0]))
print(old, r[...])
jref.addupdate(r, (slice(None),), jnp.ones(6))
print(r[...], jref.get(r, (2,)))


@jax.jit
def accumulate(r, xs):
    def body(i, carry):
        jref.addupdate(r, (i % 3,), xs[i])
        return carry + 1

    return jax.lax.fori_loop(0, xs.shape[0], body, 0)


acc = jax.new_ref(jnp.zeros(3))
print(accumulate(acc, jnp.arange(7.0)), acc[...])


@jax.jit
def local_sum(x):
    buf = jax.empty_ref(jax.typeof(x))
    buf[...] = x
    buf[...] += 1.0
    out = jax.freeze(buf)
    return out * 2


print(local_sum(jnp.arange(3.0)))


@jax.jit
def with_free(x):
    scratch = jax.new_ref(jnp.zeros_like(x))
    scratch[...] = x * x
    y = scratch[...]
    jax.free_ref(scratch)
    return y + 1


print(with_free(jnp.arange(4.0)))


@jax.jit
def scan_into(r, xs):
    def step(c, x):
        r[...] = r[...] * 0.5 + x
        return c + x, r[...]

    return jax.lax.scan(step, 0.0, xs)


state = jax.new_ref(jnp.float32(0.0))
total, trace = scan_into(state, jnp.arange(4.0))
print(total, trace, state[...])

m = jax.new_ref(jnp.zeros((2, 3)))
m[0] = jnp.array([1.0, 2.0, 3.0])
m[1, 1:] = jnp.array([7.0, 8.0])
print(m[...], jref.freeze(jax.new_ref(jnp.ones(2))))
try:
    m.at[0]  # eager refs have no views in JAX 0.10.2
except NotImplementedError:
    print("NotImplementedError")
