# Pytrees page: register_pytree_node_class with aux data, register_dataclass with data and
# meta fields, NamedTuple and flax-style struct classes through jit / grad / vmap / scan,
# tree.map over them, and a static field changing retraces
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import tree_util


@tree_util.register_pytree_node_class
class Linear:
    def __init__(self, w, b, name="linear"):
        self.w, self.b, self.name = w, b, name

    def tree_flatten(self):
        return (self.w, self.b), self.name

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, name=aux)

    def __call__(self, x):
        return x @ self.w + self.b

    def __repr__(self):
        return f"Linear({self.name}, w={self.w.shape}, b={self.b.shape})"


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class MLP:
    layers: list
    act: str = dataclasses.field(metadata=dict(static=True), default="relu")

    def __call__(self, x):
        f = jax.nn.relu if self.act == "relu" else jnp.tanh
        for l in self.layers[:-1]:
            x = f(l(x))
        return self.layers[-1](x)


class OptState(NamedTuple):
    step: jnp.ndarray
    mom: MLP


k1, k2 = jax.random.split(jax.random.key(0))
model = MLP([Linear(jax.random.normal(k1, (3, 4)) * 0.5, jnp.zeros(4), "l1"),
             Linear(jax.random.normal(k2, (4, 1)) * 0.5, jnp.zeros(1), "l2")])
print(jax.tree.structure(model))
print(jax.tree.map(jnp.shape, model))
x = jnp.ones((5, 3))
y = jnp.arange(5.0)[:, None]


def loss(m, x, y):
    return jnp.mean((m(x) - y) ** 2)


g = jax.grad(loss)(model, x, y)
print(type(g).__name__, g.layers, g.act)
state = OptState(jnp.int32(0), jax.tree.map(jnp.zeros_like, model))


@jax.jit
def train_step(m, s, x, y):
    l, g = jax.value_and_grad(loss)(m, x, y)
    mom = jax.tree.map(lambda m_, g_: 0.9 * m_ + g_, s.mom, g)
    m = jax.tree.map(lambda p, v: p - 0.05 * v, m, mom)
    return m, OptState(s.step + 1, mom), l


for _ in range(20):
    model, state, l = train_step(model, state, x, y)
print(state.step, jnp.round(l, 4))
tanh_model = dataclasses.replace(model, act="tanh")
print(jnp.round(loss(tanh_model, x, y), 4), jax.tree.structure(tanh_model) == jax.tree.structure(model))
print(jax.tree.leaves_with_path(model)[0][0])
batched = jax.vmap(lambda m, x: m(x), in_axes=(None, 0))(model, x[:, None, :])
print(batched.shape)
stack = jax.tree.map(lambda *a: jnp.stack(a), model, model)
print(jax.vmap(lambda m: m(x).sum())(stack))


def scan_body(m, _):
    return jax.tree.map(lambda p: p * 0.5, m), m.layers[0].b.sum()


final, outs = jax.lax.scan(scan_body, model, None, length=3)
print(type(final).__name__, final.layers[0].name, outs.shape)
print(OptState._fields, jax.tree.structure(state).num_leaves)
