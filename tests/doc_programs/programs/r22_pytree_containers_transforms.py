# Working with pytrees: OrderedDict / defaultdict / namedtuple / None / empty containers through
# jit, vmap, grad, scan and cond (types, key orders and None kept), dict keys sorted in
# flattening but kept in the returned dicts, tree.map over several containers, and the errors
# for mismatched structures
import collections
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Point(NamedTuple):
    x: jnp.ndarray
    y: jnp.ndarray


od = collections.OrderedDict([("z", jnp.ones(2)), ("a", jnp.zeros(2))])
dd = collections.defaultdict(list, {"b": jnp.arange(2.0), "a": jnp.ones(2)})
tree = {
    "od": od,
    "dd": dd,
    "pt": Point(jnp.ones(2), 2 * jnp.ones(2)),
    "none": None,
    "empty": (),
    "lst": [],
}
print(jax.tree.structure(tree))
print(jax.tree.leaves(tree))
out = jax.jit(lambda t: jax.tree.map(lambda v: v * 2, t))(tree)
print(
    type(out["od"]).__name__,
    list(out["od"].keys()),
    type(out["dd"]).__name__,
    out["dd"].default_factory,
)
print(out["pt"], out["none"], out["empty"], out["lst"])
g = jax.grad(lambda t: sum(jnp.sum(v**2) for v in jax.tree.leaves(t)))(tree)
print(type(g["od"]).__name__, list(g["od"]), g["pt"].y, g["none"])
vm = jax.vmap(lambda p: Point(p.y, p.x + p.y))(Point(jnp.arange(3.0), jnp.ones(3)))
print(vm)
vm2 = jax.vmap(
    lambda d: collections.OrderedDict(b=d["a"] * 2, a=d["b"]),
    in_axes=(collections.OrderedDict(a=0, b=None),),
)(collections.OrderedDict(a=jnp.arange(3.0), b=jnp.ones(2)))
print(vm2)


def body(carry, x):
    carry = Point(carry.x + x, carry.y * 2)
    return carry, {"s": carry.x.sum(), "n": None}


c, ys = jax.lax.scan(body, Point(jnp.zeros(2), jnp.ones(2)), jnp.ones((3, 2)))
print(c, ys)
print(jax.lax.cond(True, lambda t: t, lambda t: jax.tree.map(jnp.negative, t), od))
print(
    jax.lax.cond(
        False,
        lambda: collections.OrderedDict(q=1.0, p=2.0),
        lambda: collections.OrderedDict(q=3.0, p=4.0),
    )
)
r = jax.jit(lambda: {"b": 1, "a": 2, "c": {"y": 3.0, "x": None}})()
print(r, list(r), list(r["c"]))
print(jax.tree.map(lambda a, b: a + b, Point(1, 2), Point(10, 20)))
print(jax.tree.map(lambda a, b: (a, b), {"x": 1, "y": [2, 3]}, {"x": "p", "y": ["q", "r"]}))
try:
    jax.tree.map(lambda a, b: a + b, {"x": 1}, {"y": 1})
except ValueError as e:
    print("ValueError")
try:
    jax.tree.map(lambda a, b: a + b, (1, 2), [1, 2])
except ValueError as e:
    print("ValueError")
try:
    jax.lax.cond(True, lambda: (1.0, 2.0), lambda: [1.0, 2.0])
except TypeError as e:
    print("TypeError")
print(
    jax.tree.leaves([None, (None,), {"a": None}]),
    jax.tree.leaves([None], is_leaf=lambda v: v is None),
)
print(jax.tree.map(lambda v: v, [None, 1]), jax.tree.flatten({"b": None, "a": [1, None]}))
print(
    jax.tree_util.tree_structure(collections.OrderedDict(b=1, a=2))
    == jax.tree_util.tree_structure({"a": 1, "b": 2})
)
print(jax.tree.unflatten(jax.tree.structure(dd), [5, 6]))
