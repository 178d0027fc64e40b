# "Mutable arrays (jax.Ref)": new_ref, reads and writes, refs passed to and closed over by jit,
# local refs with freeze, accumulating into a ref in loops, the errors for returned and aliased refs
import jax
import jax.numpy as jnp
from jax import lax

x_ref = jax.new_ref(jnp.zeros(3))
print(x_ref)
print(x_ref[...], x_ref[1], x_ref[1:])
x_ref[...] = jnp.arange(3.0)
x_ref[0] += 10.0
print(x_ref)
print(jax.typeof(x_ref))


@jax.jit
def f(x_ref, y):
    x_ref[...] += y
    return x_ref[...].sum()


print(f(x_ref, jnp.ones(3)))
print(x_ref)
print(jax.make_jaxpr(f)(x_ref, jnp.ones(3)))

counter = jax.new_ref(jnp.int32(0))


@jax.jit
def g(x):
    counter[...] += 1
    return x * 2


for i in range(3):
    g(jnp.ones(2))
print(counter)


def local(x):
    r = jax.new_ref(x)
    r[0] = 5.0
    r[...] = r[...] * 2
    return jax.freeze(r)


print(jax.jit(local)(jnp.ones(3)))
print(jax.make_jaxpr(local)(jnp.ones(3)))


def total(xs):
    acc = jax.new_ref(0.0)

    def body(i, _):
        acc[...] += xs[i]

    lax.fori_loop(0, xs.shape[0], body, None)
    return acc[...]


print(jax.jit(total)(jnp.arange(10.0)))

sums = jax.new_ref(jnp.zeros(()))


def scan_body(carry, x):
    sums[...] += x
    return carry + 1, sums[...]


print(jax.jit(lambda xs: lax.scan(scan_body, 0, xs))(jnp.arange(4.0)))
print(sums)

for bad in (lambda r: r, lambda r: (r, r)):
    try:
        jax.jit(bad)(x_ref)
    except ValueError as e:
        print(type(e).__name__, str(e).split(" at ")[0])
try:
    jax.jit(lambda a, b: a[...] + b[...])(x_ref, x_ref)
except ValueError as e:
    print(type(e).__name__, str(e).split(",")[0])
try:
    x_ref[...] = jnp.ones(4)
except ValueError as e:
    print(type(e).__name__, e)
