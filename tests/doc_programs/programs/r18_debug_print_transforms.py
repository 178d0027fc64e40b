# jax.debug.print under every transformation: format specs and keyword arguments, pytrees,
# ordered=True, inside jit / vmap (each example) / grad (primal only) / scan / cond / while,
# inside shard_map (each device's block), with named fields; and jax.debug.visualize-free
# inspect_array_sharding callbacks
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.debug.print("eager {} {x}", 1, x=jnp.arange(3))


@jax.jit
def f(x):
    jax.debug.print("x = {x:.2f}, sum = {s}", x=x[0], s=x.sum())
    jax.debug.print("tree: {}", {"a": x[:2], "b": (x[0], 7)})
    return x * 2


f(jnp.array([1.2345, 2.0, 3.0]))


@jax.jit
def g(x):
    for i in range(3):
        jax.debug.print("ordered {i}: {v}", i=i, v=x[i], ordered=True)
    return x


g(jnp.arange(3))
jax.vmap(lambda v: jax.debug.print("example {v}", v=v))(jnp.arange(3))
jax.grad(lambda v: (jax.debug.print("primal {}", v), v**2)[1])(3.0)
jax.jit(jax.grad(lambda v: (jax.debug.print("jit primal {:.1f}", v), jnp.sin(v))[1]))(1.0)


def step(c, x):
    jax.debug.print("scan c={c} x={x}", c=c, x=x)
    return c + x, None


jax.lax.scan(step, 0, jnp.arange(3))
jax.lax.cond(True, lambda v: jax.debug.print("true branch {}", v), lambda v: jax.debug.print("false branch {}", v), 5)
jax.jit(lambda p: jax.lax.cond(p, lambda: jax.debug.print("jit true"), lambda: jax.debug.print("jit false")))(False)


def body(i):
    jax.debug.print("while i={i}", i=i)
    return i + 1


jax.lax.while_loop(lambda i: i < 3, body, 0)
jax.lax.fori_loop(0, 2, lambda i, c: (jax.debug.print("fori {} {}", i, c), c + 1)[1], 10)

mesh = jax.make_mesh((4,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("d"), out_specs=P("d"))
def blocks(b):
    jax.debug.print("device {i}: {b}", i=jax.lax.axis_index("d"), b=b)
    return b


out = blocks(jnp.arange(4.0))
out.block_until_ready()
jax.debug.print("{:>6}|{:<4}|{:^5}", 1, 2, 3)
jax.debug.print("{0} {1} {0}", "a", 2)
jax.debug.print("{x[0]} {y}", x=jnp.array([4, 5]), y=jnp.float32(0.5))
try:
    jax.debug.print("{missing}", x=1)
except Exception as e:
    print(type(e).__name__)
jax.effects_barrier()
print("done")
