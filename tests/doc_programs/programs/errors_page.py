# "Errors" page of JAX's docs (jax.errors): each error reproduced, printed by type name, then fixed
# as the page suggests
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


# ConcretizationTypeError: traced values used where concrete ones are needed
@jax.jit
def func(x):
    if x > 0:
        return x
    else:
        return -x


try:
    func(1)
except jax.errors.ConcretizationTypeError as e:
    print("ConcretizationTypeError", isinstance(e, TypeError))


@jax.jit
def func_fixed(x):
    return jnp.where(x > 0, x, -x)


print(func_fixed(-2), func_fixed(3))


@partial(jax.jit, static_argnames=["flag"])
def func_static(x, flag):
    if flag:
        return x + 1
    return x - 1


print(func_static(jnp.arange(3), True), func_static(jnp.arange(3), flag=False))


def sum_range(x, n):
    return jnp.arange(n).sum() + x


try:
    jax.jit(sum_range)(1, 4)
except Exception as e:
    print(type(e).__name__)
print(jax.jit(sum_range, static_argnums=1)(1, 4))


def mean_positive(x):
    return x[x > 0].mean()


try:
    jax.jit(mean_positive)(jnp.array([-1., 2., 3.]))
except jax.errors.NonConcreteBooleanIndexError as e:
    print(type(e).__name__, isinstance(e, IndexError))


@jax.jit
def mean_positive_fixed(x):
    is_pos = x > 0
    return jnp.sum(x, where=is_pos) / jnp.sum(is_pos)


print(mean_positive_fixed(jnp.array([-1., 2., 3.])))
print(jnp.where(jnp.array([-1., 2., 3.]) > 0, jnp.array([-1., 2., 3.]), 0).sum())

# TracerBoolConversionError
def relu_if(x):
    return x if x > 0 else 0.


try:
    jax.jit(relu_if)(1.0)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__, isinstance(e, jax.errors.ConcretizationTypeError))
try:
    jax.grad(lambda x: jnp.where(x > 0, x, 0.) if bool(x) else x)(2.)
except Exception as e:
    print("grad-of-bool", type(e).__name__)

# TracerIntegerConversionError
def index_by(x, i):
    return x[[1, 2][i]]


try:
    jax.jit(index_by)(jnp.arange(3), 1)
except jax.errors.TracerIntegerConversionError as e:
    print(type(e).__name__, isinstance(e, TypeError))
print(jax.jit(index_by, static_argnums=1)(jnp.arange(3), 1))
print(jax.jit(lambda x, i: jnp.array([1, 2])[i] + x)(jnp.arange(3), 1))

# TracerArrayConversionError
def np_sin(x):
    return np.sin(x)


try:
    jax.jit(np_sin)(jnp.arange(3.))
except jax.errors.TracerArrayConversionError as e:
    print(type(e).__name__, isinstance(e, TypeError))
try:
    jax.vmap(lambda x: np.asarray(x) + 1)(jnp.arange(3.))
except jax.errors.TracerArrayConversionError as e:
    print("vmap", type(e).__name__)

# UnexpectedTracerError: a leaked tracer
leaked = []


@jax.jit
def leak(x):
    y = x * 2
    leaked.append(y)
    return y


print(leak(3.))
try:
    jnp.add(leaked[0], 1)
except jax.errors.UnexpectedTracerError as e:
    print(type(e).__name__)


class Counter:
    def __init__(self):
        self.n = 0

    def count(self, x):
        self.n = self.n + x
        return self.n


c = Counter()
out = jax.jit(c.count)(jnp.float32(2.))
print(out)
try:
    (c.n + 1).block_until_ready()
except jax.errors.UnexpectedTracerError as e:
    print("stored", type(e).__name__)

# KeyReuseError lives in jax.errors; key reuse checking is off by default
print(jax.errors.KeyReuseError.__name__, issubclass(jax.errors.KeyReuseError, Exception))
print(issubclass(jax.errors.TracerBoolConversionError, jax.errors.ConcretizationTypeError),
      issubclass(jax.errors.TracerIntegerConversionError, TypeError),
      issubclass(jax.errors.NonConcreteBooleanIndexError, IndexError))

# lax control flow and shapes: a shape argument that must be static
def make_zeros(n):
    return jnp.zeros(n)


try:
    jax.jit(make_zeros)(3)
except Exception as e:
    print(type(e).__name__)
print(jax.jit(make_zeros, static_argnums=0)(3))
try:
    lax.fori_loop(0, jnp.int32(3), lambda i, c: c + i, 0.)
    print("fori ok")
except Exception as e:
    print(type(e).__name__)
try:
    jax.jit(lambda x: lax.dynamic_slice(x, (1,), (x[0],)))(jnp.arange(4))
except Exception as e:
    print(type(e).__name__)
