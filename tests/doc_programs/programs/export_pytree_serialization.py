# Exporting functions of custom pytrees: register_pytree_node_serialization and
# register_namedtuple_serialization so Exported trees serialize; exporting a training step and
# calling the deserialized step in a loop; the calling convention version
import dataclasses
from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax import export


class Params(NamedTuple):
    w: jax.Array
    b: jax.Array


export.register_namedtuple_serialization(Params, serialized_name="demo.Params")


@jax.tree_util.register_pytree_node_class
class Scaled:
    def __init__(self, value, scale):
        self.value, self.scale = value, scale

    def tree_flatten(self):
        return (self.value,), self.scale

    @classmethod
    def tree_unflatten(cls, scale, children):
        return cls(children[0], scale)


export.register_pytree_node_serialization(
    Scaled, serialized_name="demo.Scaled",
    serialize_auxdata=lambda scale: str(scale).encode(),
    deserialize_auxdata=lambda data: float(data.decode()))


def predict(params: Params, x: Scaled):
    return Scaled(jnp.tanh(x.value @ params.w + params.b), x.scale)


params = Params(jnp.ones((3, 2)) * 0.5, jnp.array([0.1, -0.1]))
inp = Scaled(jnp.arange(6.).reshape(2, 3) / 6, 2.0)
exp = export.export(jax.jit(predict))(params, inp)
print(exp.in_tree)
print(exp.out_tree)
blob = exp.serialize()
back = export.deserialize(blob)
print(back.in_tree == exp.in_tree, back.out_tree == exp.out_tree)
out = back.call(params, inp)
print(type(out).__name__, out.scale, jnp.round(out.value, 4))


class Unregistered(NamedTuple):
    a: jax.Array


exp_u = export.export(jax.jit(lambda t: t.a * 2))(Unregistered(jnp.ones(2)))
print(exp_u.call(Unregistered(jnp.ones(2))))
try:
    exp_u.serialize()
except Exception as e:
    print(type(e).__name__)


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


def train_step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    return Params(params.w - 0.1 * g.w, params.b - 0.1 * g.b), l


x = jnp.linspace(-1, 1, 12).reshape(4, 3)
y = jnp.stack([x.sum(1), -x[:, 0]], axis=1)
step_exp = export.deserialize(export.export(jax.jit(train_step))(params, x, y).serialize())
p = params
for _ in range(20):
    p, l = step_exp.call(p, x, y)
print(type(p).__name__, round(float(l), 5))
ref = params
for _ in range(20):
    ref, l_ref = jax.jit(train_step)(ref, x, y)
print(jnp.allclose(p.w, ref.w, atol=1e-5), round(float(l_ref), 5))
print(export.minimum_supported_calling_convention_version <= step_exp.calling_convention_version
      <= export.maximum_supported_calling_convention_version)
