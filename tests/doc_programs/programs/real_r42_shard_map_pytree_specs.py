# shard_map with in_specs / out_specs pytrees (dicts and tuples), a prefix spec covering a whole
# subtree, check_vma on and off, and a replicated output checked by pmean
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("dp", "tp"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
params = {"w": jnp.arange(16.0).reshape(4, 4) / 10, "b": jnp.arange(4.0)}
batch = (jnp.arange(32.0).reshape(8, 4), jnp.arange(8.0))


@jax.jit
@partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=({"w": P(None, "tp"), "b": P("tp")}, (P("dp", None), P("dp"))),
    out_specs=({"pred": P("dp", "tp")}, P()),
)
def step(p, data):
    x, y = data
    pred = x @ p["w"] + p["b"]
    loss = jnp.sum((pred.sum(axis=1) - y) ** 2)
    loss = jax.lax.psum(loss, ("dp", "tp"))
    return {"pred": pred}, loss


out, loss = step(params, batch)
print(jax.typeof(out["pred"]), out["pred"].shape, loss)
print(jnp.allclose(out["pred"], batch[0] @ params["w"] + params["b"]))


@partial(jax.shard_map, mesh=mesh, in_specs=P("dp"), out_specs=P("dp"))
def local_shapes(tree):
    return jax.tree.map(lambda a: a * 0 + a.shape[0], tree)


print(local_shapes({"a": jnp.ones(8), "b": (jnp.ones((8, 2)), jnp.ones(4))}))


@partial(jax.shard_map, mesh=mesh, in_specs=P("dp", "tp"), out_specs=P(), check_vma=False)
def first_block(x):
    return x


print(first_block(jnp.arange(64.0).reshape(8, 8)))


@partial(jax.shard_map, mesh=mesh, in_specs=P("dp", "tp"), out_specs=P())
def total(x):
    s = jax.lax.psum(x.sum(), ("dp", "tp"))
    print("types:", jax.typeof(x), jax.typeof(s))
    return s


print(total(jnp.arange(64.0).reshape(8, 8)))

try:
    jax.shard_map(lambda x: x, mesh=mesh, in_specs=P("dp", "tp"), out_specs=P())(jnp.ones((8, 8)))
except Exception as e:
    print(type(e).__name__)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("dp"), P()), out_specs=P("dp"))
def add_bias(x, b):
    return x + b


print(add_bias(jnp.arange(8.0), jnp.float32(100.0)))
