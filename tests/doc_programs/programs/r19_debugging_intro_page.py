# "Introduction to debugging": jax.debug.print in jit / vmap / grad / scan / cond, with
# positional and keyword format arguments and format specs, ordered=True, print vs
# debug.print under jit, jax.debug.callback with a NumPy function, jax.disable_jit to step
# through eagerly, debug_nans / debug_infs with the offending primitive, and
# jax.debug.visualize-free inspect_array_sharding
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.jit
def f(x):
    jax.debug.print("jax.debug.print(x) -> {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("jax.debug.print(y) -> {y}", y=y)
    return y


result = f(2.0)


@jax.jit
def f2(x):
    print("print(x) ->", x)
    y = jnp.sin(x)
    print("print(y) ->", y)
    return y


result = f2(2.0)


def f3(x):
    jax.debug.print("jax.debug.print(x) -> {}", x)
    y = jnp.sin(x)
    jax.debug.print("jax.debug.print(y) -> {}", y)
    return y


xs = jnp.arange(3.0)
result = jax.vmap(f3)(xs)
result = jax.lax.map(f3, xs)
result = jax.grad(f3)(1.0)
jax.jit(lambda x: jax.debug.print("{a:.3f} {b:>6} {c!r}", a=x, b=x.astype(jnp.int32), c=x * 2))(jnp.float32(3.14159))
jax.jit(lambda x: jax.debug.print("ordered {}", x, ordered=True))(jnp.arange(2))


def scanned(c, x):
    jax.debug.print("step x={x} carry={c}", x=x, c=c)
    return c + x, c


jax.lax.scan(scanned, 0, jnp.arange(3))
jax.jit(lambda p, x: jax.lax.cond(p, lambda x: (jax.debug.print("true branch {}", x), x)[1], lambda x: x, x))(True, 5)
jax.jit(lambda x: jax.lax.while_loop(lambda c: c < 3, lambda c: (jax.debug.print("loop {}", c), c + 1)[1], x))(0)


def log_host(x, y):
    print("host:", type(x).__name__, np.asarray(x).dtype, x, y)


jax.jit(lambda x: jax.debug.callback(log_host, x, {"k": x + 1}))(jnp.arange(2))


def debug_me(x):
    y = x * 2
    if y.sum() > 4:
        return -y
    return y


with jax.disable_jit():
    print(jax.jit(debug_me)(jnp.arange(3.0)))
try:
    jax.jit(debug_me)(jnp.arange(3.0))
except Exception as e:
    print(type(e).__name__)
print(jax.config.jax_disable_jit)
jax.config.update("jax_debug_nans", True)
try:
    jnp.log(-1.0)
except FloatingPointError as e:
    print("FloatingPointError", str(e).splitlines()[0])
try:
    jax.jit(lambda x: jnp.sqrt(x) * 2)(-4.0)
except FloatingPointError as e:
    print("FloatingPointError", str(e).splitlines()[0])
print(jnp.log(2.0))
jax.config.update("jax_debug_nans", False)
print(jnp.log(-1.0))
jax.config.update("jax_debug_infs", True)
try:
    jax.jit(lambda x: 1.0 / x)(jnp.float32(0.0))
except FloatingPointError as e:
    print("FloatingPointError", str(e).splitlines()[0])
jax.config.update("jax_debug_infs", False)
print(jax.jit(lambda x: 1.0 / x)(0.0))
mesh = jax.make_mesh((4, 2), ("a", "b"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


@jax.jit
def shard_probe(x):
    jax.debug.inspect_array_sharding(x, callback=lambda s: print("inside:", s.spec if hasattr(s, "spec") else s))
    return x * 2


shard_probe(jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("a", "b"))))
