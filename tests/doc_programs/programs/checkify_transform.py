# "The checkify transformation" page: user checks with formatted values, automatic checks
# (index / float / nan / div / all_checks), checkify with jit / vmap / grad, errors inside scan,
# cond and while_loop, err.get() / err.throw() / err.get_exception(), checkify.debug_check,
# and raising JaxRuntimeError from a checked function
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def f(x, i):
    checkify.check(i >= 0, "index needs to be non-negative, got {i}", i=i)
    y = x[i]
    z = jnp.sin(y)
    return z


checked_f = checkify.checkify(f, errors=checkify.all_checks)
err, z = checked_f(jnp.ones((5,)), jnp.int32(-1))
print(err.get())
err, z = checked_f(jnp.ones((5,)), jnp.int32(5))
print(err.get())
err, z = checked_f(jnp.ones((5,)), jnp.int32(2))
print(err.get(), jnp.round(z, 5))
print(type(err).__name__)

err, z = jax.jit(checked_f)(jnp.ones((5,)), 7)
print(err.get())
err, z = checkify.checkify(jax.jit(f), errors=checkify.index_checks)(jnp.ones((5,)), 9)
print(err.get())


def nan_fn(x):
    return jnp.log(x) * 2


err, out = checkify.checkify(nan_fn, errors=checkify.float_checks)(-1.)
print(err.get())
err, out = checkify.checkify(nan_fn, errors=checkify.nan_checks)(2.)
print(err.get(), jnp.round(out, 5))
err, out = checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)(jnp.array(7), jnp.array(0))
print(err.get())
err, out = checkify.checkify(lambda a, b: a % b, errors=checkify.div_checks)(jnp.arange(3), jnp.array([1, 0, 2]))
print(err.get())

xs = jnp.array([1., -2., 3., -4.])
err, outs = jax.vmap(checkify.checkify(lambda v: (checkify.check(v > 0, "neg: {}", v), v * 2)[1]))(xs)
print(err.get())
err, outs = checkify.checkify(jax.vmap(lambda v: (checkify.check(v > 0, "neg: {}", v), v * 2)[1]))(xs)
print(err.get())


def loss(w):
    checkify.check(w < 10., "w too large: {}", w)
    return w ** 2


err, g = checkify.checkify(jax.grad(loss))(3.)
print(err.get(), g)
err, g = checkify.checkify(jax.grad(loss))(12.)
print(err.get())


def scan_body(carry, x):
    checkify.check(x != 0, "zero at carry={c}", c=carry)
    return carry + 1. / x, carry


err, (c, ys) = checkify.checkify(lambda v: jax.lax.scan(scan_body, 0., v))(jnp.array([1., 2., 0., 4.]))
print(err.get())


def cond_fn(p, v):
    return jax.lax.cond(p, lambda a: a[3], lambda a: a[0], v)


err, r = checkify.checkify(cond_fn, errors=checkify.index_checks)(True, jnp.arange(3.))
print(err.get())


def while_fn(n):
    def body(c):
        i, acc = c
        checkify.check(acc < 20, "acc overflow at i={}", i)
        return i + 1, acc + i
    return jax.lax.while_loop(lambda c: c[0] < n, body, (0, 0))


err, r = checkify.checkify(while_fn)(10)
print(err.get(), r)
err, r = checkify.checkify(while_fn)(5)
print(err.get(), r)

err, _ = checked_f(jnp.ones((5,)), jnp.int32(-3))
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print("JaxRuntimeError:", str(e).splitlines()[0])
print(type(err.get_exception()).__name__ if err.get_exception() is not None else None)
ok_err, _ = checked_f(jnp.ones((5,)), jnp.int32(1))
ok_err.throw()
print(ok_err.get_exception())


@jax.jit
def debug_checked(x):
    checkify.debug_check(x > 0, "x must be positive, got {}", x)
    return x + 1


print(debug_checked(1.))
err, out = checkify.checkify(debug_checked)(-1.)
print(err.get())


@jax.jit
def sqrt_checked(x):
    checkify.check(jnp.all(x >= 0), "negative input!")
    return jnp.sqrt(x)


try:
    sqrt_checked(jnp.array([1., -1.]))
except Exception as e:
    print(type(e).__name__)
err, out = checkify.checkify(sqrt_checked)(jnp.array([4., 9.]))
print(err.get(), out)
