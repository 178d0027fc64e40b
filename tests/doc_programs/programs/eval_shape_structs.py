# jax.eval_shape and jax.ShapeDtypeStruct: shapes of pytrees of outputs without computing,
# ShapeDtypeStructs with shardings and weak types, lowering and compiling from them, eval_shape
# of random, linalg and stax initializers, functools.partial for static arguments
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def f(params, x):
    h = jnp.tanh(x @ params["w"] + params["b"])
    return {"out": h.sum(-1), "hidden": h, "n": x.shape[0]}


params = {"w": jax.ShapeDtypeStruct((16, 32), jnp.float32), "b": jax.ShapeDtypeStruct((32,), jnp.float32)}
x = jax.ShapeDtypeStruct((4, 16), jnp.float32)
shapes = jax.eval_shape(f, params, x)
print(shapes)
print(jax.tree.map(lambda s: (s.shape, s.dtype), jax.eval_shape(f, params, jnp.ones((2, 16)))))
sds = jax.ShapeDtypeStruct((3, 4), jnp.int8)
print(sds, sds.shape, sds.dtype, sds.ndim, sds.size, sds.sharding, sds.weak_type)
print(sds.update(shape=(5,)), sds.update(dtype=jnp.float16))
print(jax.ShapeDtypeStruct((), jnp.float32, weak_type=True))
print(jax.eval_shape(lambda a: a * 2, jax.ShapeDtypeStruct((), jnp.float32, weak_type=True)))
print(sds == jax.ShapeDtypeStruct((3, 4), np.int8), hash(sds) == hash(jax.ShapeDtypeStruct((3, 4), jnp.int8)))
print(len({sds, jax.ShapeDtypeStruct((3, 4), jnp.int8)}))

print(jax.eval_shape(partial(jnp.linalg.svd, full_matrices=False), jax.ShapeDtypeStruct((5, 3), jnp.float32)))
print(jax.eval_shape(lambda k: jax.random.normal(k, (2, 7)), jax.random.key(0)))
print(jax.eval_shape(jax.random.split, jax.random.key(0)))
print(jax.eval_shape(partial(jnp.reshape, shape=(-1, 2)), jax.ShapeDtypeStruct((3, 4), jnp.bfloat16)))
print(jax.eval_shape(jnp.argsort, jnp.ones((3, 3))))
print(jax.eval_shape(lambda x: jnp.fft.rfft(x), jax.ShapeDtypeStruct((8,), jnp.float32)))
print(jax.eval_shape(jax.grad(lambda w, x: jnp.sum(x @ w)), params["w"], x))
print(jax.eval_shape(jax.vmap(f, in_axes=(None, 0)), params, jax.ShapeDtypeStruct((3, 4, 16), jnp.float32))["out"])

lowered = jax.jit(f).lower(params, x)
compiled = lowered.compile()
print(lowered.out_info["out"], compiled.out_info["hidden"].shape)
real = compiled({"w": jnp.ones((16, 32)) / 16, "b": jnp.zeros(32)}, jnp.ones((4, 16)))
print(jnp.round(real["out"], 3), real["n"])
try:
    compiled({"w": jnp.ones((16, 32)), "b": jnp.zeros(32)}, jnp.ones((5, 16)))
except TypeError as e:
    print("TypeError")

mesh = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
sharded = jax.ShapeDtypeStruct((16, 4), jnp.float32, sharding=NamedSharding(mesh, P("d")))
print(sharded.sharding.spec, sharded)
comp = jax.jit(lambda a: a * 2).lower(sharded).compile()
print(comp.input_shardings[0][0].spec, comp.output_shardings.spec)
print(comp(jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("d")))).sharding.spec)
print(jax.eval_shape(lambda a: a.sum(0), sharded))

from jax.example_libraries import stax
init, apply = stax.serial(stax.Dense(8), stax.Relu, stax.Dense(2))
out_shape, p_shapes = jax.eval_shape(lambda k: init(k, (-1, 5)), jax.random.key(1))
print(out_shape, jax.tree.map(lambda s: s.shape, p_shapes))
