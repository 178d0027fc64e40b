# External callbacks page, io_callback section: ordered io_callback in a loop, under jit and
# scan, the vmap rule of an ordered callback (refused), an unordered one under vmap, a
# result_shape_dtypes pytree, and the error of a wrong result shape.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

log = []


def host_log(x):
    log.append(np.asarray(x).tolist())
    return np.asarray(x * 2)


@jax.jit
def step(x):
    y = io_callback(host_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)
    return y + 1


print(step(jnp.arange(3.0)))
print(step(jnp.ones(2)))
jax.effects_barrier()
print(log)
log.clear()


def body(c, x):
    y = io_callback(host_log, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)
    return c + y, y


print(jax.lax.scan(body, 0.0, jnp.arange(4.0)))
print(log)
log.clear()
try:
    jax.vmap(lambda x: io_callback(host_log, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True))(jnp.arange(2.0))
except Exception as e:
    print(type(e).__name__)
print(jax.vmap(lambda x: io_callback(host_log, jax.ShapeDtypeStruct((), jnp.float32), x))(jnp.arange(2.0)))
print(sorted(log))


def two(x):
    return {"a": np.asarray(x + 1), "b": (np.asarray(x).astype(np.int32),)}


out = io_callback(two, {"a": jax.ShapeDtypeStruct((2,), jnp.float32),
                        "b": (jax.ShapeDtypeStruct((2,), jnp.int32),)}, jnp.array([1.5, 2.5]))
print(out)
try:
    jax.jit(lambda x: io_callback(lambda v: np.ones(3, np.float32), jax.ShapeDtypeStruct((2,), jnp.float32), x))(jnp.ones(2))
    jax.effects_barrier()
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(lambda x: io_callback(host_log, jax.ShapeDtypeStruct((), jnp.float32), x))(1.0)
except Exception as e:
    print(type(e).__name__)
print(jax.make_jaxpr(step)(jnp.ones(2)).eqns[0].primitive)
