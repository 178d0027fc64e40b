# The "Errors" page (jax.errors): each class's own example raised and printed whole, caught by
# its class and by the builtin it subclasses: ConcretizationTypeError (a traced value where a
# static one is needed), NonConcreteBooleanIndexError, TracerArrayConversionError,
# TracerBoolConversionError, TracerIntegerConversionError, UnexpectedTracerError (a leaked
# tracer), KeyReuseError (the key-reuse checker), and the fixes the page gives for each
import jax
import jax.numpy as jnp
import numpy as np
from jax import errors

leaked = []


def show(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
        print("ok", out)
    except Exception as e:
        classes = [
            c.__name__
            for c in (TypeError, ValueError, IndexError, errors.ConcretizationTypeError)
            if isinstance(e, c)
        ]
        print(type(e).__name__, "is a", ", ".join(classes) or "Exception", ":")
        for line in str(e).strip().splitlines():
            if "object id" in line:  # an id differs from run to run
                line = line.split("object id")[0] + "object id ..."
            print("   ", line)


# ConcretizationTypeError: a traced value as a static argument
@jax.jit
def func(x, axis):
    return x.min(axis)


show(func, jnp.arange(4), 0)
show(jax.jit(func, static_argnames=["axis"]), jnp.arange(4), 0)


@jax.jit
def reshape_to(x, size):
    return x.reshape(size)


show(reshape_to, jnp.arange(6), jnp.int32(6))


# NonConcreteBooleanIndexError: a boolean mask under jit
@jax.jit
def sum_of_positive(x):
    return x[x > 0].sum()


show(sum_of_positive, jnp.arange(-3, 4))
show(jax.jit(lambda x: jnp.where(x > 0, x, 0).sum()), jnp.arange(-3, 4))
show(jax.jit(lambda x: x.sum(where=x > 0)), jnp.arange(-3, 4))
show(jax.jit(lambda x: jnp.where(x > 0, size=3)), jnp.arange(-3, 4))


# TracerArrayConversionError: NumPy on a traced value
def np_sin(x):
    return np.sin(x)


show(jax.jit(np_sin), jnp.arange(3.0))
show(jax.vmap(np_sin), jnp.arange(3.0))
show(jax.jit(jnp.sin), jnp.arange(3.0))


# TracerBoolConversionError: Python control flow on a traced value
@jax.jit
def sum_if_positive(x):
    if x > 0:
        return x.sum()
    return 0


show(sum_if_positive, 1.0)
show(jax.jit(lambda x: jnp.where(x > 0, x, 0)), 1.0)
show(jax.jit(lambda x: (x > 0) and (x < 2)), 1.0)


# TracerIntegerConversionError: a traced value as a Python index
@jax.jit
def sum_over_axis(x, axis):
    return x.sum(axis)


show(sum_over_axis, jnp.ones((2, 3)), 1)
show(jax.jit(sum_over_axis, static_argnums=1), jnp.ones((2, 3)), 1)
show(jax.jit(lambda xs, i: [1, 2, 3][i]), jnp.ones(2), 1)
show(jax.jit(lambda xs, i: jnp.array([1, 2, 3])[i]), jnp.ones(2), 1)


# UnexpectedTracerError: a traced value kept after its trace ended
@jax.jit
def keep(x):
    leaked.append(x)
    return x + 1


keep(1.0)
show(lambda: leaked[0] + 1)
show(lambda: jnp.sin(leaked[0]))


# KeyReuseError: the key-reuse checker
with jax.debug_key_reuse(True):
    key = jax.random.key(0)
    show(lambda: (jax.random.normal(key), jax.random.normal(key)))
    k1, k2 = jax.random.split(jax.random.key(1))
    print(jax.random.normal(k1).dtype, jax.random.uniform(k2).dtype)
