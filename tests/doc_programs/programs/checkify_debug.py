# Introduction to debugging: jax.debug.print, jax.debug.callback, checkify
import jax
import jax.numpy as jnp
from jax.experimental import checkify


@jax.jit
def f(x):
    jax.debug.print("jax.debug.print(x) -> {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("jax.debug.print(y) -> {y}", y=y)
    return y


result = f(2.)


def f(x):
    jax.debug.print("jax.debug.print(x) -> {}", x)
    y = jnp.sin(x)
    jax.debug.print("jax.debug.print(y) -> {}", y)
    return y


xs = jnp.arange(3.)
result = jax.vmap(f)(xs)
result = jax.lax.map(f, xs)


def f(x):
    jax.debug.print("x: {}", x)
    return x ** 2


result = jax.grad(f)(1.)


@jax.jit
def f(x, y):
    jax.debug.print("x: {}", x, ordered=True)
    jax.debug.print("y: {}", y, ordered=True)
    return x + y


f(1, 2)


def log_value(x):
    print("log:", x)


@jax.jit
def f(x):
    jax.debug.callback(log_value, x)
    return x


f(1.0)
x = jnp.arange(4.)
jax.vmap(f)(x)


@jax.jit
def g(x):
    jax.debug.print("{a} and {b}", a=x[0], b=x[1:])
    return x.sum()


g(jnp.arange(3.))


# checkify
def f(x, i):
    checkify.check(i >= 0, "index needs to be non-negative, got {i}", i=i)
    y = x[i]
    z = jnp.sin(y)
    return z


jittable_f = checkify.checkify(f)
err, z = jax.jit(jittable_f)(jnp.ones((5,)), -2)
print(err.get())
err, z = jax.jit(jittable_f)(jnp.ones((5,)), 2)
print(err.get(), z)

errors = checkify.user_checks | checkify.index_checks | checkify.float_checks
checked_f = checkify.checkify(f, errors=errors)
err, z = checked_f(jnp.ones((5,)), jnp.array(100))
print(err.get())
err, z = checked_f(jnp.ones((5,)), jnp.array(0))
print(err.get())


def f(x):
    return jnp.log(x)


err, y = checkify.checkify(f, errors=checkify.nan_checks)(-1.)
print(err.get())
err, y = checkify.checkify(f, errors=checkify.nan_checks)(1.)
print(err.get(), y)


def f(x, y):
    return x // y


err, y = checkify.checkify(f, errors=checkify.div_checks)(jnp.array(1), jnp.array(0))
print(err.get())


def f(x):
    checkify.check(x > 0, "{} must be positive!", x)
    return x


try:
    err, y = checkify.checkify(f)(-1.)
    err.throw()
except Exception as e:
    print(type(e).__name__)
    print(str(e).split("\n")[0])


def f(x):
    checkify.check(jnp.all(x > 0), "must be positive")
    return jnp.log(x)


err, y = jax.vmap(checkify.checkify(f))(jnp.array([-1., 0., 1.]))
print(err.get())
