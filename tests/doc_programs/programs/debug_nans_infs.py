# "Debugging runtime values": jax_debug_nans / jax_debug_infs, op by op and under jit, and the
# context managers, as the debugging page's sections use them
import jax
import jax.numpy as jnp

def f(x):
    return jnp.log(x) * 2.

print(f(jnp.array([1., 0., -1.])))
jax.config.update("jax_debug_nans", True)
try:
    f(jnp.array([1., -1.]))
except FloatingPointError as e:
    print("FloatingPointError", "nan" in str(e).lower())
try:
    jax.jit(f)(jnp.array([1., -1.]))
except FloatingPointError as e:
    print("FloatingPointError", "nan" in str(e).lower())
print(jax.jit(f)(jnp.array([1., 0.])))
try:
    jax.grad(lambda x: jnp.sqrt(x))(0.)
    print("no nan")
except FloatingPointError:
    print("FloatingPointError grad")
try:
    jax.grad(lambda x: jnp.sqrt(x) * 0.)(-1.)
except FloatingPointError:
    print("FloatingPointError grad 2")
jax.config.update("jax_debug_nans", False)
print(jax.jit(f)(jnp.array([-1.])))

jax.config.update("jax_debug_infs", True)
try:
    jax.jit(lambda x: 1. / x)(jnp.array([0., 1.]))
except FloatingPointError as e:
    print("FloatingPointError", "inf" in str(e).lower())
jax.config.update("jax_debug_infs", False)
print(jax.jit(lambda x: 1. / x)(jnp.array([0., 1.])))

with jax.debug_nans(True):
    try:
        jnp.divide(0., jnp.array(0.))
    except FloatingPointError:
        print("FloatingPointError in context")
print(jnp.divide(0., jnp.array(0.)))
with jax.debug_infs(True):
    try:
        jnp.exp(jnp.array(1000.))
    except FloatingPointError:
        print("FloatingPointError inf in context")
print(jax.config.jax_debug_nans, jax.config.jax_debug_infs)
with jax.debug_nans(True):
    print(jax.jit(lambda x: jnp.where(x > 0, x, 0.))(jnp.array([-1., 2.])))
    print(jnp.int32(3) // 2)
