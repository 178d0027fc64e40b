# Abstract evaluation as the docs use it: eval_shape for parameter shapes without FLOPs,
# ShapeDtypeStruct pytrees (with shardings and weak types), jax.typeof of tracers and concrete
# arrays, lowering from structs, and jax.core-free shape queries on models
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)} for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


shapes = jax.eval_shape(init, jax.random.key(0), [784, 512, 10])
print(shapes)
print(sum(s.size for s in jax.tree.leaves(shapes)), [s.dtype for s in jax.tree.leaves(shapes)][:2])


def apply(params, x):
    for l in params[:-1]:
        x = jax.nn.relu(x @ l["w"] + l["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


out = jax.eval_shape(apply, shapes, jax.ShapeDtypeStruct((32, 784), jnp.float32))
print(out, out.shape, out.dtype, out.ndim, out.size)
print(jax.eval_shape(lambda x: x.astype(jnp.int8).sum(), jax.ShapeDtypeStruct((3,), jnp.float32)))
print(jax.eval_shape(lambda x: x * 2.0, 1.0), jax.eval_shape(lambda x: jnp.sin(x), jnp.float16(1)))
mesh = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
s = jax.ShapeDtypeStruct((16, 4), jnp.float32, sharding=NamedSharding(mesh, P("d")))
print(s, s.sharding.spec)
lowered = jax.jit(lambda x: x.sum(0)).lower(s)
print(lowered.compile().input_shardings[0][0].spec, lowered.out_info)
print(jax.typeof(jnp.ones(3)), jax.typeof(1.0), jax.typeof(jnp.int8(1)), jax.typeof(jnp.ones((2, 2), jnp.bfloat16)))


@jax.jit
def traced(x):
    print(jax.typeof(x), jax.typeof(x * 2), jax.typeof(x.sum()), jax.typeof(x > 0))
    return x


traced(jnp.ones((2, 3)))
jax.vmap(lambda v: print("vmap:", jax.typeof(v)) or v)(jnp.ones((4, 5)))
jax.grad(lambda v: print("grad:", jax.typeof(v)) or v.sum())(jnp.ones(3))
print(jax.ShapeDtypeStruct((2,), jnp.float32) == jax.ShapeDtypeStruct((2,), jnp.float32), jax.ShapeDtypeStruct((2,), jnp.float32, weak_type=True))
print(jax.eval_shape(lambda: jax.random.split(jax.random.key(1), 3)))
print(jax.tree.map(lambda s: s.shape, jax.eval_shape(jax.grad(lambda p, x: apply(p, x).sum()), shapes, jnp.ones((2, 784)))))
