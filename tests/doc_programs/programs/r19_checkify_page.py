# "The checkify transformation": user checks with formatted values, checkify with
# float_checks / index_checks / div_checks / nan_checks / all_checks, error.get() and
# error.throw(), checks under jit (functionalized), vmap (which example failed), grad, scan and
# cond, debug_check, and checkify of a jitted function
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
err, z = jax.jit(jittable_f)(jnp.ones((5,)), 2)
print(err.get(), z)
errors = checkify.user_checks | checkify.index_checks | checkify.float_checks
checked_f = checkify.checkify(f, errors=errors)
err, z = checked_f(jnp.ones((5,)), jnp.int32(100))
print(err.get())
err, z = checked_f(jnp.ones((5,)), jnp.int32(-1))
print(err.get())
err, z = checked_f(jnp.array([jnp.inf, 1]), jnp.int32(0))
print(err.get())
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print("JaxRuntimeError", str(e).splitlines()[0])


def g(x):
    return x / (x - 1.0), jnp.log(x), 7 // jnp.int32(x)


for errs in (checkify.float_checks, checkify.div_checks, checkify.nan_checks, checkify.all_checks):
    e, _ = checkify.checkify(g, errors=errs)(jnp.float32(0.0))
    print(e.get())
    e, _ = checkify.checkify(g, errors=errs)(jnp.float32(1.0))
    print(e.get())


def batched(x):
    checkify.check(jnp.all(x > 0), "x must be positive: {}", x)
    return jnp.sqrt(x)


err, out = jax.vmap(checkify.checkify(batched))(jnp.array([1.0, -2.0, 4.0, -3.0]))
print(err.get(), out)
err, out = checkify.checkify(jax.vmap(batched))(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
print(err.get(), out)


def summed(x):
    checkify.check(x < 10, "too big")
    return x**2


err, g2 = checkify.checkify(jax.grad(summed))(3.0)
print(err.get(), g2)
err, g2 = checkify.checkify(jax.grad(summed))(30.0)
print(err.get(), g2)


def scanned(xs):
    def body(c, x):
        checkify.check(x != 2, "hit a two at carry {c}", c=c)
        return c + x, c

    return jax.lax.scan(body, 0, xs)


err, (c, ys) = checkify.checkify(scanned)(jnp.array([0, 1, 2, 3]))
print(err.get(), c, ys)
err, out = checkify.checkify(lambda p, x: jax.lax.cond(p, lambda x: checkify.check(x > 0, "neg") or x, lambda x: x, x))(True, -1.0)
print(err.get(), out)
err, out = checkify.checkify(jax.jit(lambda x: jnp.arange(3)[x]), errors=checkify.index_checks)(5)
print(err.get(), out)
try:
    jax.jit(lambda x: checkify.check(x > 0, "fail") or x)(1.0)
except Exception as e:
    print(type(e).__name__)
checkify.debug_check(True, "never shown")
try:
    checkify.debug_check(jnp.array(False), "eager debug_check {v}", v=jnp.int32(4))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(jax.jit(lambda x: (checkify.debug_check(x > 0, "debug"), x * 2)[1])(-1.0))
err, _ = checkify.checkify(lambda x: x)(1.0)
print(err.get() is None, type(err).__name__)
