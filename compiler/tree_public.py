"""The pytree functions as JAX's users see them (meshjit.tree_util, meshjit.tree).

meshjit's transforms flatten a typed PRNG key array into its uint32 key data (a pytree node
with one child), so jit, vmap, scan, ... trace that data. In JAX a key array is a leaf: a
`tree.map` over a state holding keys hands `f` the keys, `tree.leaves` lists them and
`tree.structure` shows `*`. The functions here are meshjit.compiler.tree_util's with the types
registered by `register_opaque_leaf` kept whole, so user code sees JAX's trees while the
transforms keep tracing the data inside.
"""

from __future__ import annotations

import functools
import inspect

from meshjit.compiler import tree_util as tu
from meshjit.compiler.api_util import alias
from meshjit.compiler.errors import MeshjitTypeError

_OPAQUE_LEAVES: set = set()


def register_opaque_leaf(cls: type) -> type:
    """`cls` is a leaf of the public tree functions (a node only for the transforms)."""
    _OPAQUE_LEAVES.add(cls)
    return cls


def is_opaque_leaf(x) -> bool:
    return type(x) in _OPAQUE_LEAVES


def _leaf(is_leaf, takes_path: bool = False):
    if takes_path:
        return lambda path, x: (
            type(x) in _OPAQUE_LEAVES or (is_leaf is not None and tu.leaf_says(is_leaf(path, x)))
        )
    return lambda x: type(x) in _OPAQUE_LEAVES or (is_leaf is not None and tu.leaf_says(is_leaf(x)))


def _with_is_leaf(fun, name: str | None = None):
    """`fun` with the opaque leaf types added to its `is_leaf` (however it is passed), named
    `name` (jax.tree's short names) in Python's errors for its arguments."""
    signature = inspect.signature(fun)
    with_path = "with_path" in fun.__name__  # (these call is_leaf first: Python's error)
    name = name or fun.__name__

    @functools.wraps(fun)
    def public(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            raise _python_words(fun, name, args, kwargs) from None
        takes_path = bound.arguments.get("is_leaf_takes_path", False)
        given = bound.arguments.get("is_leaf")
        if given is not None and not callable(given) and not (takes_path or with_path):
            raise tu.incompatible_is_leaf(bound.arguments.get("tree"), given)
        bound.arguments["is_leaf"] = _leaf(bound.arguments.get("is_leaf"), takes_path)
        return fun(*bound.args, **bound.kwargs)

    public.__name__ = public.__qualname__ = name
    return public


def _python_words(fun, name: str, args, kwargs) -> TypeError:
    """Python's own TypeError for arguments `fun` cannot take, naming it `name`."""
    try:
        fun(*args, **kwargs)  # refused as it binds them: nothing runs
    except TypeError as e:
        return MeshjitTypeError(str(e).replace(f"{fun.__qualname__}(", f"{name}(", 1))
    return MeshjitTypeError(f"{name}() got arguments it does not take")


tree_flatten = _with_is_leaf(tu.tree_flatten)
tree_leaves = _with_is_leaf(tu.tree_leaves)
tree_structure = _with_is_leaf(tu.tree_structure)
tree_map = _with_is_leaf(tu.tree_map)
tree_reduce = _with_is_leaf(tu.tree_reduce)
tree_reduce_associative = _with_is_leaf(tu.tree_reduce_associative)
tree_all = _with_is_leaf(tu.tree_all)
tree_broadcast = _with_is_leaf(tu.tree_broadcast)
all_leaves = _with_is_leaf(tu.all_leaves)
broadcast_prefix = _with_is_leaf(tu.broadcast_prefix)
tree_flatten_with_path = _with_is_leaf(tu.tree_flatten_with_path)
tree_leaves_with_path = _with_is_leaf(tu.tree_leaves_with_path)
tree_map_with_path = _with_is_leaf(tu.tree_map_with_path)


# jax.tree's functions: the same under their short names.
SHORT_NAMES = {
    short: _with_is_leaf(getattr(tu, f"tree_{short}"), short)
    for short in (
        "all", "broadcast", "flatten", "flatten_with_path", "leaves", "leaves_with_path", "map",
        "map_with_path", "reduce", "reduce_associative", "structure",
    )
}  # fmt: skip
SHORT_NAMES["unflatten"] = alias(tu.tree_unflatten, "unflatten")


def tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose):
    """JAX's tree_transpose: typed keys stay leaves (their data is not transposed apart)."""
    return tu.tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose, is_leaf=_leaf(None))


def transpose(outer_treedef, inner_treedef, pytree_to_transpose):
    """jax.tree.transpose: tree_transpose under its short name."""
    return tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose)


class PyTreeRegistry:
    """JAX's `tree_util.default_registry`: the registry every pytree function reads, as an
    object (flatten with it, ask whether a type is a node, register node types in it)."""

    def flatten(self, tree, leaf_predicate=None):
        return tree_flatten(tree, leaf_predicate)

    def flatten_with_path(self, tree, leaf_predicate=None):
        return tree_flatten_with_path(tree, leaf_predicate, is_leaf_takes_path=True)

    def flatten_one_level(self, tree):
        """(children, aux data) of a node; None for a leaf, as JAX's."""
        if is_opaque_leaf(tree) or not tu.is_tree_node(type(tree)):
            return None
        return tu.flatten_one_level(tree)

    def flatten_one_level_with_keys(self, tree):
        if is_opaque_leaf(tree) or not tu.is_tree_node(type(tree)):
            return None
        return tu.flatten_one_level_with_keys(tree)

    def is_node(self, type):  # noqa: A002 (JAX's parameter name)
        return type not in _OPAQUE_LEAVES and tu.is_tree_node(type)

    def register_node(self, type, to_iterable, from_iterable, to_iterable_with_keys=None):  # noqa: A002
        tu.register_pytree_node(type, to_iterable, from_iterable, to_iterable_with_keys)

    def register_dataclass_node(self, type, data_fields, meta_fields, /):  # noqa: A002
        tu.register_dataclass(type, list(data_fields), list(meta_fields))


default_registry = PyTreeRegistry()
