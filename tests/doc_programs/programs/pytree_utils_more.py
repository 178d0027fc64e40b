# "Custom pytree nodes" and jax.tree_util: register_static, register_pytree_with_keys,
# tree_util.Partial, tree_transpose, jax.tree.reduce / leaves / map with is_leaf, flatten_with_path
import functools
import operator

import jax
import jax.numpy as jnp
from jax.tree_util import Partial


@jax.tree_util.register_static
class Config:
    def __init__(self, activation, depth):
        self.activation, self.depth = activation, depth

    def __hash__(self):
        return hash((self.activation, self.depth))

    def __eq__(self, other):
        return isinstance(other, Config) and (self.activation, self.depth) == (other.activation, other.depth)


cfg = Config("tanh", 2)
print(jax.tree.leaves((cfg, 1.0)), jax.tree.structure(cfg).num_leaves)


@jax.jit
def apply(cfg, x):
    for _ in range(cfg.depth):
        x = getattr(jnp, cfg.activation)(x)
    return x


print(jnp.round(apply(cfg, jnp.array([0.5, 1.0])), 4), jnp.round(apply(Config("sin", 1), 1.0), 4))


class Point:
    def __init__(self, x, y, name):
        self.x, self.y, self.name = x, y, name

    def __repr__(self):
        return f"Point({self.x}, {self.y}, {self.name!r})"


jax.tree_util.register_pytree_with_keys(
    Point,
    lambda p: (((jax.tree_util.GetAttrKey("x"), p.x), (jax.tree_util.GetAttrKey("y"), p.y)), p.name),
    lambda name, children: Point(*children, name),
)
pts = [Point(1., 2., "a"), Point(jnp.array([3., 4.]), 5., "b")]
for path, leaf in jax.tree_util.tree_flatten_with_path(pts)[0]:
    print(jax.tree_util.keystr(path), leaf)
print(jax.tree.map(lambda v: v * 10, pts))
print(jax.grad(lambda p: p.x * p.y)(Point(2., 3., "g")))

# Partial: a function as a pytree, passed through jit and transforms
def scaled_add(scale, x, y):
    return scale * x + y


p = Partial(scaled_add, jnp.float32(2.))
print(jax.tree.leaves(p), p.func.__name__)


@jax.jit
def call_it(f, x):
    return f(x, 1.)


print(call_it(p, jnp.arange(3.)), call_it(Partial(scaled_add, 3.), 1.))
print(jax.vmap(lambda s: Partial(scaled_add, s)(2., 1.))(jnp.arange(3.)))
print(jax.grad(lambda s: Partial(scaled_add, s)(2., 1.))(1.))

# tree_transpose: a list of dicts <-> a dict of lists
records = [{"a": 1, "b": 2.}, {"a": 3, "b": 4.}, {"a": 5, "b": 6.}]
outer = jax.tree.structure([0, 0, 0])
inner = jax.tree.structure({"a": 0, "b": 0})
print(jax.tree_util.tree_transpose(outer, inner, records))
print(jax.tree.transpose(outer, inner, records))
columns = jax.tree.map(lambda *xs: jnp.stack(xs), *records)
print(columns)

# reduce, leaves with is_leaf, map with is_leaf and None
tree = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2), "extra": [3., (4., None)]}
print(jax.tree.reduce(operator.add, jax.tree.map(jnp.size, tree)))
print(jax.tree.reduce(lambda a, b: a + b, tree["extra"], 0.))
print(jax.tree.reduce(max, [1, 5, 3], initializer=4))
print(jax.tree.leaves(tree, is_leaf=lambda x: isinstance(x, tuple)))
print(jax.tree.leaves([None, (None,), 1]), jax.tree.leaves([None, 1], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda x: x is None, [1, None], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda pair: pair[0] + pair[1], [(1, 2), (3, 4)], is_leaf=lambda x: isinstance(x, tuple)))
print(jax.tree.structure(tree))
print(jax.tree_util.tree_all(jax.tree.map(lambda x: x is not None, [1, 2])))
print(jax.tree.flatten({"b": 1, "a": [2, 3]}))
total = functools.reduce(operator.add, jax.tree.leaves(jax.tree.map(jnp.sum, tree)))
print(total)
print(jax.tree_util.tree_map_with_path(lambda kp, x: jax.tree_util.keystr(kp), {"k": [1, 2]}))
print(jax.tree.unflatten(jax.tree.structure([1, (2, 3)]), ["a", "b", "c"]))
try:
    jax.tree.unflatten(jax.tree.structure([1, 2]), [1])
except Exception as e:
    print(type(e).__name__)
try:
    jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3])
except Exception as e:
    print(type(e).__name__)
