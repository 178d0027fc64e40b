# checkify's error kinds: user_checks, nan_checks, div_checks, index_checks, float_checks,
# automatic_checks and all_checks; err.get() / err.throw() / err.get_exception(); checks
# under jit, vmap, grad, scan and cond; check with formatted values; debug_check
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def f(x, i):
    checkify.check(x.sum() > 0, "sum must be positive, got {s}", s=x.sum())
    y = jnp.log(x)
    z = x / (i - 2)
    return y[i] + z.sum()


x = jnp.array([1.0, 2.0, 3.0])
for name, errs in [
    ("user", checkify.user_checks),
    ("nan", checkify.nan_checks),
    ("div", checkify.div_checks),
    ("index", checkify.index_checks),
    ("float", checkify.float_checks),
    ("automatic", checkify.automatic_checks),
    ("all", checkify.all_checks),
]:
    cf = checkify.checkify(f, errors=errs)
    for args in ((x, 1), (x, 2), (x, 5), (-x, 1)):
        err, out = cf(*args)
        print(name, args[1], float(args[0][0]), err.get(), out)

int_div = checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)
print(int_div(jnp.array([4, 5]), jnp.array([2, 0]))[0].get())
err, _ = checkify.checkify(jax.jit(f), errors=checkify.all_checks)(x, 7)
print(err.get())
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print("JaxRuntimeError", str(e).splitlines()[0])
print(type(err.get_exception()).__name__ if err.get_exception() is not None else None)
ok, _ = checkify.checkify(f)(x, 1)
print(ok.get(), ok.get_exception())
ok.throw()

vf = jax.vmap(checkify.checkify(f, errors=checkify.index_checks), in_axes=(None, 0))
err, out = vf(x, jnp.array([0, 1, 9]))
print(err.get(), out)
err, out = checkify.checkify(jax.vmap(f, in_axes=(None, 0)), errors=checkify.index_checks)(x, jnp.array([0, 9, 1]))
print(err.get())

g = checkify.checkify(jax.grad(lambda v: jnp.sqrt(v).sum()), errors=checkify.nan_checks)
print(g(jnp.array([1.0, 4.0]))[0].get(), g(jnp.array([-1.0, 4.0]))[0].get())


def loop(xs):
    def body(c, v):
        checkify.check(v < 3, "element too big: {v}", v=v)
        return c + v, None

    return jax.lax.scan(body, 0.0, xs)[0]


print(checkify.checkify(loop)(jnp.arange(5.0))[0].get())
cond_fn = lambda p, v: jax.lax.cond(p, lambda a: a // 0, lambda a: a, v)
for p in (True, False):
    err, out = checkify.checkify(cond_fn, errors=checkify.div_checks)(p, jnp.array(1))
    print(p, err.get(), out)

try:
    jax.jit(lambda v: checkify.check(v > 0, "must be positive"))(1.0)
except Exception as e:
    print(type(e).__name__)


def dbg(v):
    checkify.debug_check(v > 0, "debug check failed")
    return v * 2


print(dbg(1.0), checkify.checkify(dbg)(-1.0)[0].get())
try:
    checkify.check(jnp.array([True, False]), "array check {x}", x=jnp.arange(2))
except Exception as e:
    print(type(e).__name__)
print(checkify.checkify(lambda v: v)(1.0)[0])
