# "The sharp bits" NaN checking and "Debugging runtime values": jax.debug_nans and
# jax.debug_infs as context managers (FloatingPointError from eager ops and from jit,
# re-run de-optimized), jax_debug_nans through config.update and back, checkify's nan /
# index / div checks with user checks, and jnp.isfinite guards inside a training loss
import jax
import jax.numpy as jnp
from jax.experimental import checkify

print(jnp.log(-1.0), jnp.divide(0.0, 0.0))
with jax.debug_nans(True):
    try:
        jnp.log(-1.0)
    except FloatingPointError as e:
        print(type(e).__name__)
    try:
        jax.jit(lambda x: jnp.sqrt(x) * 2)(-4.0)
    except FloatingPointError as e:
        print(type(e).__name__)
    print(jax.jit(lambda x: jnp.sqrt(x) * 2)(4.0))
    try:
        jax.grad(lambda x: jnp.sqrt(x))(0.0)
        print("grad at 0 ok")
    except FloatingPointError as e:
        print(type(e).__name__)

with jax.debug_infs(True):
    try:
        jnp.float32(1.0) / 0.0
    except FloatingPointError as e:
        print(type(e).__name__)
    print(jnp.exp(1.0))
print(jnp.float32(1.0) / 0.0)

jax.config.update("jax_debug_nans", True)
try:
    jax.jit(lambda x: 0.0 * jnp.log(x))(0.0)
except FloatingPointError as e:
    print(type(e).__name__)
jax.config.update("jax_debug_nans", False)
print(jax.jit(lambda x: 0.0 * jnp.log(x))(0.0), jax.config.jax_debug_nans)


def f(x, i):
    checkify.check(x.sum() > 0, "sum must be positive, got {s}", s=x.sum())
    y = jnp.log(x)
    return y[i] / x[i]


checked = checkify.checkify(f, errors=checkify.all_checks)
err, out = checked(jnp.array([1.0, 2.0, 3.0]), 1)
print(err.get(), out)
err, out = checked(jnp.array([-1.0, 0.5, 0.25]), 1)
print(err.get())
err, out = checked(jnp.array([1.0, 2.0, 3.0]), 5)
print(err.get())
err, out = jax.jit(checked)(jnp.array([0.0, 2.0, 3.0]), 0)
print(err.get())
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print(type(e).__name__)
err, out = checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)(jnp.arange(3), jnp.array([1, 0, 2]))
print(err.get())
vm = jax.vmap(checkify.checkify(f, errors=checkify.float_checks), in_axes=(0, None))
err, out = vm(jnp.array([[1.0, 2.0], [-1.0, 1.0]]), 0)
print(err.get(), out)


def loss(w, x):
    l = jnp.mean((x @ w) ** 2)
    return jnp.where(jnp.isfinite(l), l, 0.0)


w = jnp.array([1.0, -2.0])
print(loss(w, jnp.ones((3, 2))), loss(w, jnp.array([[jnp.inf, 1.0]])))
print(jax.grad(loss)(w, jnp.ones((3, 2))))
print(jnp.nan_to_num(jnp.array([jnp.nan, jnp.inf, -jnp.inf, 1.0])), jnp.isinf(jnp.array([jnp.inf, 1.0])))
print(jnp.nanmean(jnp.array([1.0, jnp.nan, 3.0])), jnp.nanmax(jnp.array([jnp.nan, 2.0])))
