"""Pytrees: nested containers whose leaves are arrays. Registries for user classes."""

from __future__ import annotations

import collections
from typing import Any, Callable, NamedTuple

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError


class _NodeType(NamedTuple):
    flatten: Callable[[Any], tuple[list, Any]]
    unflatten: Callable[[Any, list], Any]


_registry: dict[type, _NodeType] = {}


def register_pytree_node(cls: type, flatten_func, unflatten_func) -> None:
    """`flatten_func(x) -> (children, aux)`, `unflatten_func(aux, children) -> x`."""
    _registry[cls] = _NodeType(flatten_func, lambda aux, kids: unflatten_func(aux, kids))


def register_pytree_node_class(cls):
    """Class decorator: the class defines `tree_flatten` and classmethod `tree_unflatten`."""
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


register_pytree_node(tuple, lambda t: (list(t), None), lambda _, kids: tuple(kids))
register_pytree_node(list, lambda t: (list(t), None), lambda _, kids: list(kids))
def _sorted_keys(d: dict) -> tuple:
    try:
        return tuple(sorted(d))
    except TypeError:
        kinds = sorted({type(k).__name__ for k in d})
        raise MeshjitValueError(
            f"a dict in a pytree needs keys that sort against each other (its leaves are taken "
            f"in key order), got keys of types {', '.join(kinds)}: {list(d)[:6]}; use keys of one "
            "type, e.g. all str"
        ) from None


def _flatten_dict(d: dict):
    keys = _sorted_keys(d)
    return [d[k] for k in keys], keys


register_pytree_node(dict, _flatten_dict, lambda keys, kids: dict(zip(keys, kids)))
register_pytree_node(
    collections.OrderedDict,
    lambda d: (list(d.values()), tuple(d)),
    lambda keys, kids: collections.OrderedDict(zip(keys, kids)),
)
register_pytree_node(type(None), lambda _: ([], None), lambda _, kids: None)


def _node_type(x):
    node = _registry.get(type(x))
    if node is None and isinstance(x, tuple) and hasattr(x, "_fields"):
        cls = type(x)
        return _NodeType(lambda t: (list(t), cls), lambda c, kids: c(*kids))
    return node


class PyTreeDef:
    """The structure of a pytree: a node type, its aux data and children structures."""

    __slots__ = ("kind", "aux", "children", "num_leaves", "_key", "_hash")

    def __init__(self, kind, aux, children: tuple):
        self.kind, self.aux, self.children = kind, aux, children
        self.num_leaves = 1 if kind is None else sum(c.num_leaves for c in children)
        # A nested tuple: comparing two treedefs is then one C-level tuple comparison.
        self._key = (kind, aux, tuple(c._key for c in children))
        self._hash = hash(self._key)

    def __eq__(self, other):
        return (
            isinstance(other, PyTreeDef) and self._hash == other._hash and self._key == other._key
        )

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return f"PyTreeDef({_describe(self)})"

    def unflatten(self, leaves):
        return tree_unflatten(self, leaves)


_LEAF = PyTreeDef(None, None, ())


def _describe(td: PyTreeDef) -> str:
    if td.kind is None:
        return "*"
    inner = ", ".join(_describe(c) for c in td.children)
    name = td.kind.__name__
    if td.kind is dict:
        inner = ", ".join(f"{k!r}: {_describe(c)}" for k, c in zip(td.aux, td.children))
        return "{" + inner + "}"
    if td.kind is tuple:
        return f"({inner}{',' if len(td.children) == 1 else ''})"
    if td.kind is list:
        return f"[{inner}]"
    if td.kind is type(None):
        return "None"
    return f"{name}({inner})"


def _flatten(x, leaves: list, is_leaf) -> PyTreeDef:
    if is_leaf is not None and is_leaf(x):
        leaves.append(x)
        return _LEAF
    node = _node_type(x)
    if node is None:
        leaves.append(x)
        return _LEAF
    kids, aux = node.flatten(x)
    children = tuple(_flatten(k, leaves, is_leaf) for k in kids)
    return PyTreeDef(type(x), aux, children)


def tree_flatten(tree, is_leaf=None) -> tuple[list, PyTreeDef]:
    leaves: list = []
    try:
        return leaves, _flatten(tree, leaves, is_leaf)
    except RecursionError:
        raise MeshjitValueError(
            "a pytree is nested too deeply to flatten; does a list, tuple or dict in it contain "
            "itself? Pass a structure without cycles"
        ) from None


def _unflatten(td: PyTreeDef, it):
    if td.kind is None:
        return next(it)
    kids = [_unflatten(c, it) for c in td.children]
    node = _registry.get(td.kind)
    if node is None:  # namedtuple
        return td.kind(*kids)
    return node.unflatten(td.aux, kids)


def tree_unflatten(treedef: PyTreeDef, leaves):
    leaves = list(leaves)
    if len(leaves) != treedef.num_leaves:
        raise MeshjitTypeError(
            f"tree structure {treedef} has {treedef.num_leaves} leaves, got {len(leaves)}"
        )
    return _unflatten(treedef, iter(leaves))


def tree_leaves(tree, is_leaf=None) -> list:
    return tree_flatten(tree, is_leaf)[0]


def tree_structure(tree, is_leaf=None) -> PyTreeDef:
    return tree_flatten(tree, is_leaf)[1]


def tree_map(f, tree, *rest, is_leaf=None):
    leaves, treedef = tree_flatten(tree, is_leaf)
    others = [treedef_children_leaves(treedef, r) for r in rest]
    return tree_unflatten(treedef, [f(*xs) for xs in zip(leaves, *others)])


def treedef_children_leaves(treedef: PyTreeDef, tree) -> list:
    """Flattens `tree` up to `treedef` (a prefix-compatible structure) and returns its leaves."""
    leaves: list = []
    _flatten_up_to(treedef, tree, leaves)
    return leaves


def _flatten_up_to(td: PyTreeDef, x, leaves: list):
    if td.kind is None:
        leaves.append(x)
        return
    if type(x) is not td.kind:
        raise MeshjitTypeError(
            f"expected a {td.kind.__name__} matching {td}, got {type(x).__name__}"
        )
    kids, aux = _node_type(x).flatten(x)
    if aux != td.aux or len(kids) != len(td.children):
        raise MeshjitTypeError(f"tree structure mismatch: expected {td}, got {tree_structure(x)}")
    for child_td, kid in zip(td.children, kids):
        _flatten_up_to(child_td, kid, leaves)


def broadcast_prefix(prefix_tree, full_tree, is_leaf=None) -> list:
    """Leaves of `prefix_tree` repeated over the subtrees of `full_tree` they stand for."""
    result: list = []
    prefix_leaves, prefix_def = tree_flatten(prefix_tree, is_leaf)
    subtrees = treedef_children_leaves(prefix_def, full_tree)
    for leaf, sub in zip(prefix_leaves, subtrees):
        result.extend([leaf] * len(tree_leaves(sub)))
    return result


def leaf_paths(treedef: PyTreeDef) -> list[str]:
    """The path of each leaf of `treedef` as JAX's `keystr` writes it: `[0]`, `['a']`, `.name`."""
    out: list[str] = []
    _paths(treedef, "", out)
    return out


def _paths(td: PyTreeDef, prefix: str, out: list):
    if td.kind is None:
        out.append(prefix)
        return
    fields = getattr(td.kind, "_fields", None)
    for i, child in enumerate(td.children):
        if td.kind in (dict, collections.OrderedDict):
            key = f"[{td.aux[i]!r}]"
        elif fields is not None and td.kind not in _registry:
            key = f".{fields[i]}"
        else:
            key = f"[{i}]"
        _paths(child, prefix + key, out)
