# Debugging: jax.debug.print with format specs and pytrees, ordered prints, debug.callback under
# jit / vmap / scan / grad, checkify with user checks, NaN / division / index checks under jit
# and vmap, jax_debug_nans-style errors via checkify
import jax
import jax.numpy as jnp
from jax.experimental import checkify


@jax.jit
def f(x):
    jax.debug.print("x = {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("y = {:.3f} and sum {s:.2f}", y[0], s=y.sum())
    jax.debug.print("tree {t}", t={"a": x[0], "b": (x[1], 2)})
    return y


f(jnp.array([1., 2., 3.]))
jax.vmap(lambda v: jax.debug.print("v={}", v))(jnp.arange(3))
jax.grad(lambda x: (jax.debug.print("primal {}", x), x ** 2)[1])(3.)

@jax.jit
def ordered(x):
    jax.debug.print("first {}", x, ordered=True)
    jax.debug.print("second {}", x + 1, ordered=True)
    return x * 2


ordered(1)
seen = []
def record(x, tag):
    seen.append((tag, x.tolist()))


def scanned(c, x):
    jax.debug.callback(record, x, tag="scan", ordered=True)
    return c + x, c


jax.jit(lambda xs: jax.lax.scan(scanned, 0., xs))(jnp.arange(3.))
jax.effects_barrier()
print(seen)
jax.debug.callback(lambda a, b: print("eager callback", a, b), jnp.int32(1), b=jnp.ones(2))
print(jax.debug.print("{x:>6}", x=7) is None)

# checkify with user checks
def checked_log(x):
    checkify.check(jnp.all(x > 0), "need positive, got {x}", x=x)
    return jnp.log(x)


err, out = checkify.checkify(checked_log)(jnp.array([1., 2.]))
print(err.get(), out)
err, out = jax.jit(checkify.checkify(checked_log))(jnp.array([1., -2.]))
print(err.get())
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[0])

# automatic checks
def unsafe(x, i):
    y = x[i]
    return y / (x.sum() - 6.), jnp.sqrt(y - 10.)


checked = checkify.checkify(unsafe, errors=checkify.all_checks)
print(checked(jnp.array([1., 2., 3.]), 5)[0].get())
print(checked(jnp.array([1., 2., 3.]), 1)[0].get())
print(checkify.checkify(unsafe, errors=checkify.float_checks)(jnp.array([11., 2., 3.]), 0)[0].get())
print(checkify.checkify(unsafe, errors=checkify.index_checks)(jnp.ones(3), -1)[0].get())
print(checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)(jnp.int32(3), jnp.int32(0))[0].get())
errs, _ = jax.vmap(checked, in_axes=(None, 0))(jnp.array([1., 2., 4.]), jnp.array([0, 1, 7]))
print(errs.get())
print(type(checkify.user_checks).__name__, checkify.nan_checks in checkify.all_checks)

@jax.jit
def with_check(x):
    checkify.debug_check(x > 0, "x must be positive")
    return x + 1


print(with_check(1.))
err, _ = checkify.checkify(with_check)(-1.)
print(err.get())

# grad of a checkified function's output
def loss(w):
    checkify.check(w > 0, "w={w}", w=w)
    return jnp.log(w) ** 2


err, g = checkify.checkify(jax.grad(loss))(2.)
print(err.get(), jnp.round(g, 5))
