# jax.export round trip of a NamedTuple-state model, debug.print inside jit / scan / vmap with
# ordered effects, debug.callback, printed jaxprs of a small update and dtypes and weak types
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import export


class Params(NamedTuple):
    w: jax.Array
    b: jax.Array


class Batch(NamedTuple):
    x: jax.Array
    y: jax.Array


def predict(p: Params, x):
    return x @ p.w + p.b


def update(p: Params, batch: Batch, lr=0.1):
    g = jax.grad(lambda p: jnp.mean((predict(p, batch.x) - batch.y) ** 2))(p)
    return Params(*(a - lr * b for a, b in zip(p, g)))


export.register_namedtuple_serialization(Params, serialized_name="real.Params")
export.register_namedtuple_serialization(Batch, serialized_name="real.Batch")
p = Params(jnp.ones((3, 1)), jnp.zeros(1))
batch = Batch(jnp.arange(12.0).reshape(4, 3) / 10, jnp.ones((4, 1)))
exp = export.export(jax.jit(update))(p, batch)
print(exp.fun_name, exp.in_tree.num_leaves, exp.out_tree)
print([str(a) for a in exp.in_avals], exp.platforms, exp.nr_devices)
blob = exp.serialize()
back = export.deserialize(blob)
p2 = back.call(p, batch)
print(type(p2).__name__, jnp.round(p2.w.ravel(), 4), jnp.allclose(p2.b, update(p, batch).b))
poly = export.export(jax.jit(predict))(p, jax.ShapeDtypeStruct(export.symbolic_shape("n, 3"), jnp.float32))
print(poly.in_avals[1], poly.out_avals, poly.call(p, jnp.ones((5, 3))).shape)


@jax.jit
def traced_loop(x):
    jax.debug.print("start {x}", x=x)

    def body(c, i):
        jax.debug.print("step {i}: {c:.3f}", i=i, c=c, ordered=True)
        return c * 0.5 + i, None

    c, _ = jax.lax.scan(body, x, jnp.arange(3.0))
    jax.debug.callback(lambda v: print("callback", np.asarray(v).round(3)), c, ordered=True)
    return c


print(traced_loop(1.0))
jax.vmap(lambda v: jax.debug.print("v={v}", v=v))(jnp.arange(2))
print(jax.make_jaxpr(predict)(p, batch.x))
print(jnp.float32(1) * 2, (jnp.ones(2) * 2.0).dtype, jnp.asarray(2.0).weak_type if hasattr(jnp.asarray(2.0), "weak_type") else None)
print(jax.typeof(jnp.asarray(2.0)), jax.typeof(2.0), jax.typeof(jnp.float32(2)))
print(jax.eval_shape(update, p, batch))
