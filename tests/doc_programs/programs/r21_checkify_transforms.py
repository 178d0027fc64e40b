# The checkify page under transformations: checkify of a jitted function and jit of a
# checkified one, error.get() / error.throw(), user checks with format arguments, the
# error sets (user_checks | nan_checks | index_checks | div_checks, float_checks, all_checks),
# checks inside vmap (the failing index), scan and cond, and a check under grad
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def f(x, i):
    checkify.check(x.sum() > 0, "sum must be positive, got {s}", s=x.sum())
    y = jnp.log(x)
    return x[i] / y[0]


err, out = checkify.checkify(f)(jnp.array([1.0, 2.0]), 1)
print(err.get(), out)
err, out = checkify.checkify(f)(jnp.array([-1.0, -2.0]), 1)
print(err.get())
err, out = checkify.checkify(f, errors=checkify.index_checks)(jnp.array([1.0, 2.0]), 5)
print(err.get())
err, out = checkify.checkify(f, errors=checkify.float_checks)(jnp.array([-1.0, 3.0]), 0)
print(err.get())
err, out = checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)(
    jnp.arange(3), jnp.array([1, 0, 2])
)
print(err.get(), out)
checked = jax.jit(checkify.checkify(f, errors=checkify.all_checks))
err, out = checked(jnp.array([2.0, 3.0]), 0)
print(err.get(), out)
try:
    checked(jnp.array([0.0, 0.0]), 0)[0].throw()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
err, out = checkify.checkify(jax.jit(f))(jnp.array([1.0, -5.0]), 1)
print(err.get())


def g(x):
    checkify.check(x < 3, "x={x} is too big", x=x)
    return x * 2


err, out = checkify.checkify(jax.vmap(g))(jnp.arange(5))
print(err.get(), out)
err, out = jax.vmap(checkify.checkify(g))(jnp.arange(5))
print(err.get(), out)


def scanned(xs):
    def body(c, x):
        checkify.check(x >= 0, "negative element {x}", x=x)
        return c + x, c

    return jax.lax.scan(body, 0, xs)


err, out = checkify.checkify(scanned)(jnp.array([1, 2, -3, 4]))
print(err.get(), out[0])
err, out = checkify.checkify(lambda p, x: jax.lax.cond(p, g, lambda v: v, x))(True, 7)
print(err.get(), out)
err, grads = checkify.checkify(jax.grad(lambda x: g(x) * x))(5.0)
print(err.get(), grads)
