# Pytrees: jax.tree_util.register_dataclass with data_fields / meta_fields, as a decorator on
# dataclasses with static fields, key paths through them (keystr, flatten_with_path,
# map_with_path, leaves_with_path), retracing on meta fields, dataclasses.replace under jit,
# jax.tree.static, register_static and custom nodes flattened with keys
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.tree_util import keystr, register_dataclass


@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array
    activation: str


register_dataclass(Params, data_fields=["w", "b"], meta_fields=["activation"])
p = Params(jnp.ones((2, 2)), jnp.zeros(2), "relu")
print(jax.tree.leaves(p))
print(jax.tree.structure(p))
for path, leaf in jax.tree.flatten_with_path(p)[0]:
    print(keystr(path), leaf.shape)
print(jax.tree.map(lambda x: x * 2, p).activation)


@functools.partial(register_dataclass)
@dataclasses.dataclass
class State:
    step: int
    params: dict
    name: str = dataclasses.field(default="adam", metadata=dict(static=True))


s = State(step=jnp.array(0), params={"w": jnp.arange(3.)})
print(s.name, jax.tree.leaves(s))
print([keystr(k) for k, _ in jax.tree.leaves_with_path(s)])
print(jax.tree.map_with_path(lambda k, v: keystr(k, simple=True, separator="."), s))

traces = []


@jax.jit
def update(state):
    traces.append(state.name)
    return dataclasses.replace(state, step=state.step + 1,
                               params=jax.tree.map(lambda x: x - 0.1, state.params))


s1 = update(s)
s2 = update(s1)
s3 = update(dataclasses.replace(s2, name="sgd"))
print(s3.step, s3.name, s3.params, traces)


@jax.tree_util.register_static
@dataclasses.dataclass(frozen=True)
class Config:
    depth: int


print(jax.tree.leaves([Config(2), jnp.ones(1)]))
print(jax.jit(lambda c, x: x * c.depth)(Config(3), 2.))
print(jax.tree.broadcast((1, 2), (0, {"a": 0, "b": 0})))
print(jax.tree.reduce_associative(lambda a, b: a * b, [1, 2, (3, 4)]))


@dataclasses.dataclass
class Box:
    lo: jax.Array
    hi: jax.Array


register_dataclass(Box, data_fields=["lo", "hi"], meta_fields=[])
boxes = jax.vmap(lambda c: Box(c - 1, c + 1))(jnp.arange(3.))
print(boxes.lo, boxes.hi)
print(jax.grad(lambda b: (b.hi - b.lo).sum() + (b.hi ** 2).sum())(Box(jnp.ones(2), jnp.ones(2) * 3)))
print(jax.tree.reduce(lambda a, b: a + b, Box(jnp.ones(2), 2 * jnp.ones(2))))
print(jax.tree.all(jax.tree.map(lambda x: (x >= 0).all(), boxes)))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure(Box(0, 0)),
                         [Box(1, 2), Box(3, 4)]))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Op:
    x: jax.Array
    op: str = jax.tree.static(default="add")


print(jax.tree.leaves(Op(jnp.ones(2))), jax.tree.structure(Op(jnp.ones(2), op="mul")))
print(jax.jit(lambda o: o.x * 2 if o.op == "mul" else o.x + 2)(Op(jnp.ones(2), "mul")))
