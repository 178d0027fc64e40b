# The checkify transformation: user checks with formatting, automatic checks, jit / vmap / grad
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def f(x, i):
    checkify.check(i >= 0, "index needs to be non-negative, got {i}", i=i)
    y = x[i]
    z = jnp.sin(y)
    return z


jittable_f = checkify.checkify(f)
err, z = jax.jit(jittable_f)(jnp.ones((5,)), -2)
print(err.get())
print(z)
err, z = jittable_f(jnp.ones((5,)), jnp.array(2))
print(err.get(), z)

errors = checkify.user_checks | checkify.index_checks | checkify.float_checks
checked_f = checkify.checkify(f, errors=errors)
err, z = checked_f(jnp.ones((5,)), jnp.array(100))
print(err.get())
err, z = checkify.checkify(lambda x: jnp.log(x), errors=checkify.nan_checks)(-1.)
print(err.get())
err, z = checkify.checkify(lambda x: x / 0, errors=checkify.div_checks)(jnp.array(1))
print(err.get())
err, z = checkify.checkify(lambda x: jnp.arange(3)[x], errors=checkify.index_checks)(jnp.array(5))
print(err.get())
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print(type(e).__name__)


def g(x):
    checkify.check(jnp.all(x > 0), "x must be positive: {x}", x=x)
    return jnp.log(x)


err, out = checkify.checkify(g)(jnp.array([1., -1.]))
print(err.get())
err, out = jax.vmap(checkify.checkify(g))(jnp.array([[1.], [-2.], [-3.]]))
print(err.get())
err, out = checkify.checkify(jax.grad(lambda x: g(x).sum()))(jnp.array([2., 4.]))
print(err.get(), out)
err, out = checkify.checkify(jax.jit(g))(jnp.array([-5.]))
print(err.get())


@jax.jit
def loop(x):
    def body(c):
        checkify.check(c < 5, "c too big: {c}", c=c)
        return c + 1
    return jax.lax.while_loop(lambda c: c < 10, body, x)


err, out = checkify.checkify(loop)(0)
print(err.get(), out)
try:
    checkify.check(False, "eager failure {}", jnp.array(3))
except checkify.JaxRuntimeError as e:
    print(type(e).__name__, e)
print(checkify.checkify(lambda x: x + 1)(1.)[0].get())
err, _ = checkify.checkify(lambda x: jax.lax.cond(x > 0, lambda: checkify.check(x < 2, 'big') or x, lambda: x))(3.)
print(err.get())
