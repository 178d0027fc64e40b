# "Introduction to debugging" / "jax.debug": debug.print with format specs and ordered=True
# under jit / vmap / grad / scan / cond, debug.callback, breakpoint-free inspection with
# jax.debug.inspect_array_sharding, checkify's user checks / nan / index / div checks with
# error.throw / error.get, and jax_debug_nans's FloatingPointError
import jax
import jax.numpy as jnp
from jax.experimental import checkify


@jax.jit
def f(x):
    jax.debug.print("🤯 {x} 🤯", x=x)
    y = jnp.sin(x)
    jax.debug.print("🤯 {y} 🤯", y=y)
    return y


f(2.)
xs = jnp.arange(3.)
jax.vmap(f)(xs)
jax.grad(f)(2.)


@jax.jit
def g(x):
    jax.debug.print("x: {:.3f}, sum: {s:.2f}", x, s=x.sum(), ordered=True)
    return x * 2


g(jnp.float32(0.12345))


def step(c, x):
    jax.debug.print("carry={c} x={x}", c=c, x=x)
    return c + x, c


print(jax.lax.scan(step, 0, jnp.arange(3)))
jax.lax.cond(True, lambda v: jax.debug.print("true branch {}", v), lambda v: jax.debug.print("false {}", v), 5)
jax.effects_barrier()


def h(x):
    checkify.check(x > 0, "x must be positive, got {}", x)
    return jnp.log(x)


checked_h = checkify.checkify(h)
err, out = checked_h(jnp.float32(-1.))
print(err.get(), out)
err, out = checked_h(jnp.float32(2.))
print(err.get(), out)
err, out = jax.jit(checked_h)(jnp.float32(-3.))
print(err.get())
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
ck = checkify.checkify(lambda x, i: (x / x)[i], errors=checkify.all_checks)
err, _ = ck(jnp.zeros(3), 5)
print(err.get().splitlines()[0] if err.get() else None)
err, _ = checkify.checkify(lambda x: jnp.sin(x), errors=checkify.float_checks)(jnp.inf)
print(err.get().splitlines()[0] if err.get() else None)
err, _ = checkify.checkify(lambda a, i: a[i], errors=checkify.index_checks)(jnp.arange(3), 7)
print(err.get().splitlines()[0] if err.get() else None)
err, _ = checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)(jnp.int32(1), jnp.int32(0))
print(err.get().splitlines()[0] if err.get() else None)
err, out = jax.vmap(checked_h)(jnp.array([1., -1., 2.]))
print(err.get().splitlines()[0], out)
print(len(checkify.user_checks), checkify.nan_checks <= checkify.all_checks)

jax.config.update("jax_debug_nans", True)
try:
    jnp.log(-1.)
except FloatingPointError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    jax.jit(lambda x: jnp.sqrt(x) * 0)(-1.)
except FloatingPointError as e:
    print(type(e).__name__)
jax.config.update("jax_debug_nans", False)
print(jnp.log(-1.))
