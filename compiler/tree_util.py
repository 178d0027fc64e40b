"""Pytrees: nested containers whose leaves are arrays; registries for user classes; key paths
(`tree_flatten_with_path`, `keystr`) and JAX's structure-mismatch messages. JAX 0.10.2's
`jax.tree_util` names and semantics (`meshjit.tree` holds the short aliases)."""

from __future__ import annotations

import collections
import dataclasses
import difflib
import functools
import textwrap
from typing import Any, Callable, NamedTuple

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.traceback_util import api_boundary, boundary_methods

# ---------------------------------------------------------------------------------------------
# Key path entries.


@dataclasses.dataclass(frozen=True)
class SequenceKey:
    idx: int

    def __str__(self):
        return f"[{self.idx!r}]"


@dataclasses.dataclass(frozen=True)
class DictKey:
    key: Any

    def __str__(self):
        return f"[{self.key!r}]"


@dataclasses.dataclass(frozen=True)
class GetAttrKey:
    name: str

    def __str__(self):
        return f".{self.name}"


@dataclasses.dataclass(frozen=True)
class FlattenedIndexKey:
    key: int

    def __str__(self):
        return f"[<flat index {self.key}>]"


KeyEntry = Any
KeyPath = tuple


def _simple_entry(key) -> str:
    for field in ("idx", "key", "name"):
        if hasattr(key, field) and type(key) in _KEY_TYPES:
            return str(getattr(key, field))
    return str(key)


_KEY_TYPES = (SequenceKey, DictKey, GetAttrKey, FlattenedIndexKey)


def keystr(keys, *, simple: bool = False, separator: str = "") -> str:
    """`['a'][0].x` (or, `simple`, `a/0/x` with separator '/') for a key path."""
    return separator.join(map(_simple_entry if simple else str, keys))


# ---------------------------------------------------------------------------------------------
# The registry.


class _NodeType(NamedTuple):
    flatten: Callable[[Any], tuple[list, Any]]
    unflatten: Callable[[Any, list], Any]
    flatten_with_keys: Callable[[Any], tuple[list, Any]] | None
    name: str


_registry: dict[type, _NodeType] = {}


def register_pytree_node(nodetype: type, flatten_func, unflatten_func, flatten_with_keys_func=None):
    """`flatten_func(x) -> (children, aux)`, `unflatten_func(aux, children) -> x`."""
    for what, f in (("flatten_func", flatten_func), ("unflatten_func", unflatten_func)):
        if not callable(f):  # (JAX's registration refuses it: its C++ takes callables)
            raise MeshjitTypeError(
                "register_node(): incompatible function arguments. The following argument types "
                f"are supported: callables. (register_pytree_node(): {what} must be callable, "
                f"got {type(f).__name__})"
            )
    if nodetype in _registry:
        raise MeshjitValueError(  # JAX's words
            f"Duplicate custom PyTreeDef type registration for {nodetype}."
        )
    name = getattr(nodetype, "__name__", repr(nodetype))  # (JAX registers any object)
    _registry[nodetype] = _NodeType(
        flatten_func, unflatten_func, flatten_with_keys_func, f"CustomNode({name}"
    )


def register_pytree_node_class(cls):
    """Class decorator: the class defines `tree_flatten` and classmethod `tree_unflatten`."""
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_pytree_with_keys(nodetype, flatten_with_keys, unflatten_func, flatten_func=None):
    """`flatten_with_keys(x) -> (((key, child), ...), aux)`: children with key path entries."""
    if flatten_func is None:

        def flatten_func(x):
            keyed, aux = flatten_with_keys(x)
            return [c for _, c in keyed], aux

    register_pytree_node(nodetype, flatten_func, unflatten_func, flatten_with_keys)


def register_pytree_with_keys_class(cls):
    """Class decorator: `tree_flatten_with_keys` and classmethod `tree_unflatten`."""
    plain = (lambda x: x.tree_flatten()) if hasattr(cls, "tree_flatten") else None
    register_pytree_with_keys(cls, lambda x: x.tree_flatten_with_keys(), cls.tree_unflatten, plain)
    return cls


def register_static(cls):
    """Instances are pytrees with no leaves: their value is aux data (so must be hashable)."""
    register_pytree_with_keys(cls, lambda x: ((), x), lambda x, _: x)
    return cls


def register_dataclass(nodetype, data_fields=None, meta_fields=None, drop_fields=()):
    """Fields are leaves (`data_fields`) or aux data (`meta_fields`; for a dataclass, the fields
    marked `field(metadata=dict(static=True))`)."""
    data_fields, meta_fields = _dataclass_fields(nodetype, data_fields, meta_fields, drop_fields)

    def flatten_with_keys(x):
        keyed = tuple((GetAttrKey(n), getattr(x, n)) for n in data_fields)
        return keyed, tuple(getattr(x, n) for n in meta_fields)

    def unflatten(meta, data):
        return nodetype(**dict(zip(meta_fields, meta)), **dict(zip(data_fields, data)))

    def flatten(x):
        return [getattr(x, n) for n in data_fields], tuple(getattr(x, n) for n in meta_fields)

    register_pytree_with_keys(nodetype, flatten_with_keys, unflatten, flatten)
    return nodetype


def static_field(**kwargs):
    """`dataclasses.field` marked static (aux data) for register_dataclass (`meshjit.tree.static`)."""
    metadata = {"static": True, **(kwargs.pop("metadata", None) or {})}
    return dataclasses.field(metadata=metadata, **kwargs)


def _dataclass_fields(nodetype, data_fields, meta_fields, drop_fields):
    if (data_fields is None) != (meta_fields is None):
        raise MeshjitTypeError(
            "register_dataclass: data_fields and meta_fields must both be specified when either "
            f"is specified. Got data_fields={data_fields} meta_fields={meta_fields}."
        )
    is_dataclass = dataclasses.is_dataclass(nodetype)
    if data_fields is None:
        if not is_dataclass:
            raise MeshjitTypeError(
                "register_dataclass: data_fields and meta_fields are required when nodetype is "
                f"not a dataclass. Got nodetype={nodetype}."
            )
        fields = dataclasses.fields(nodetype)
        data_fields = [f.name for f in fields if not f.metadata.get("static", False)]
        meta_fields = [f.name for f in fields if f.metadata.get("static", False)]
    data_fields, meta_fields = tuple(data_fields), tuple(meta_fields)
    if is_dataclass:
        _check_init_fields(nodetype, data_fields, meta_fields, drop_fields)
    if overlap := set(data_fields) & set(meta_fields):
        raise MeshjitValueError(
            f"data_fields and meta_fields must not overlap. Overlapping fields: {overlap}."
        )
    return data_fields, meta_fields


def _check_init_fields(nodetype, data_fields, meta_fields, drop_fields):
    init = {f.name for f in dataclasses.fields(nodetype) if f.init} - set(drop_fields)
    given = {*data_fields, *meta_fields}
    if given == init:
        return
    msg = "data_fields and meta_fields must include all dataclass fields with ``init=True`` and "
    msg += "only them."
    if missing := init - given:
        msg += f" Missing fields: {missing}. Add them to drop_fields to suppress this error."
    if unexpected := given - init:
        msg += f" Unexpected fields: {unexpected}."
    raise MeshjitValueError(msg)


def _sequence_keys(t):
    return tuple((SequenceKey(i), x) for i, x in enumerate(t)), None


def _register_builtin(cls, flatten, unflatten, with_keys, name):
    _registry[cls] = _NodeType(flatten, unflatten, with_keys, name)


_register_builtin(tuple, lambda t: (list(t), None), lambda _, k: tuple(k), _sequence_keys, "")
_register_builtin(list, lambda t: (list(t), None), lambda _, k: list(k), _sequence_keys, "")


def _sorted_keys(d: dict) -> tuple:
    try:
        return tuple(sorted(d))
    except TypeError:
        kinds = sorted({type(k).__name__ for k in d})
        raise MeshjitValueError(
            "Comparator raised exception while sorting pytree dictionary keys. ("
            f"a dict in a pytree needs keys that sort against each other (its leaves are taken "
            f"in key order), got keys of types {', '.join(kinds)}: {list(d)[:6]}; use keys of one "
            "type, e.g. all str)"
        ) from None


def _flatten_dict(d: dict):
    keys = _sorted_keys(d)
    return [d[k] for k in keys], keys


def _dict_keys(d: dict):
    keys = _sorted_keys(d)
    return tuple((DictKey(k), d[k]) for k in keys), keys


_register_builtin(dict, _flatten_dict, lambda ks, kids: dict(zip(ks, kids)), _dict_keys, "")
register_pytree_with_keys(
    collections.OrderedDict,
    lambda d: (tuple((DictKey(k), v) for k, v in d.items()), tuple(d)),
    lambda keys, kids: collections.OrderedDict(zip(keys, kids)),
)


def _defaultdict_keys(d):
    keys = _sorted_keys(d)
    return tuple((DictKey(k), d[k]) for k in keys), (d.default_factory, keys)


register_pytree_with_keys(
    collections.defaultdict,
    _defaultdict_keys,
    lambda aux, kids: collections.defaultdict(aux[0], zip(aux[1], kids)),
)
_register_builtin(type(None), lambda _: ([], None), lambda _, kids: None, lambda _: ((), None), "")


@functools.lru_cache(maxsize=None)
def _namedtuple_node(cls) -> _NodeType:
    # iter(t), not list(t): list() asks a class's own __len__ for a size hint, and a NamedTuple
    # may define one that refuses (jax.scipy.spatial.transform.Rotation's, for one rotation).
    return _NodeType(
        lambda t: (list(iter(t)), cls),
        lambda c, kids: c(*kids),
        lambda t: (tuple((GetAttrKey(f), x) for f, x in zip(cls._fields, t)), cls),
        "CustomNode(namedtuple",
    )


def _node_type(x):
    node = _registry.get(type(x))
    if node is None and isinstance(x, tuple) and hasattr(x, "_fields"):
        return _namedtuple_node(type(x))
    return node


def is_tree_node(typ: type) -> bool:
    return typ in _registry or (issubclass(typ, tuple) and hasattr(typ, "_fields"))


# ---------------------------------------------------------------------------------------------
# Tree structures.


@boundary_methods("unflatten", "flatten_up_to")
class PyTreeDef:
    """The structure of a pytree: a node type, its aux data and children structures."""

    __slots__ = ("kind", "aux", "kids", "num_leaves", "_key", "_hash")

    def __init__(self, kind, aux, kids: tuple):
        self.kind, self.aux, self.kids = kind, aux, kids  # kids: the children's structures
        self.num_leaves = 1 if kind is None else sum(c.num_leaves for c in kids)
        # A nested tuple: comparing two treedefs is then one C-level tuple comparison.
        self._key = (kind, aux, tuple(c._key for c in kids))
        try:
            self._hash = hash(self._key)
        except TypeError:  # an unhashable aux (the FAQ's dict): JAX's hash leaves it out
            self._hash = hash((kind, tuple(c._hash for c in kids)))

    def __eq__(self, other):
        return (
            isinstance(other, PyTreeDef) and self._hash == other._hash and self._key == other._key
        )

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return f"PyTreeDef({_describe(self)})"

    @property
    def num_nodes(self) -> int:
        return 1 + sum(c.num_nodes for c in self.kids)

    def children(self) -> list[PyTreeDef]:
        return list(self.kids)

    def unflatten(self, leaves):
        return tree_unflatten(self, leaves)

    def flatten_up_to(self, tree) -> list:
        return treedef_children_leaves(self, tree)

    def node_data(self):
        """As JAX's: (type, aux data); a dict's keys as a list, a namedtuple's aux None."""
        if self.kind is None:
            return None
        if self.kind is dict:
            return dict, list(self.aux)
        if self.kind not in _registry:  # a namedtuple (its aux is its class)
            return self.kind, None
        return self.kind, self.aux

    def compose(self, inner: PyTreeDef) -> PyTreeDef:
        """This structure with every leaf replaced by `inner`."""
        if self.kind is None:
            return inner
        return PyTreeDef(self.kind, self.aux, tuple(c.compose(inner) for c in self.kids))


_LEAF = PyTreeDef(None, None, ())


def _describe(td: PyTreeDef) -> str:
    if td.kind is None:
        return "*"
    inner = ", ".join(_describe(c) for c in td.kids)
    if td.kind is dict:
        return "{" + ", ".join(f"{k!r}: {_describe(c)}" for k, c in zip(td.aux, td.kids)) + "}"
    if td.kind is tuple:
        return f"({inner}{',' if len(td.kids) == 1 else ''})"
    if td.kind is list:
        return f"[{inner}]"
    if td.kind is type(None):
        return "None"
    node = _registry.get(td.kind)
    if node is None:  # a namedtuple
        return f"CustomNode(namedtuple[{td.kind.__name__}], [{inner}])"
    return f"{node.name}[{td.aux}], [{inner}])"


def treedef_children(treedef: PyTreeDef) -> list[PyTreeDef]:
    return list(treedef.kids)


def treedef_is_leaf(treedef: PyTreeDef) -> bool:
    return treedef.num_nodes == 1


def treedef_tuple(treedefs) -> PyTreeDef:
    return PyTreeDef(tuple, None, tuple(treedefs))


# ---------------------------------------------------------------------------------------------
# Flattening.


def leaf_says(verdict) -> bool:
    """An is_leaf predicate's answer: True, False or None (not a leaf), as JAX takes it."""
    if verdict is True:
        return True
    if verdict is False or verdict is None:
        return False
    raise MeshjitValueError(
        f"is_leaf predicate returned a non-boolean value {verdict!r}; expected a boolean"
    )


def _flatten(x, leaves: list, is_leaf) -> PyTreeDef:
    if is_leaf is not None and leaf_says(is_leaf(x)):
        leaves.append(x)
        return _LEAF
    node = _node_type(x)
    if node is None:
        leaves.append(x)
        return _LEAF
    kids, aux = _pair(node.flatten(x))
    children = tuple(_flatten(k, leaves, is_leaf) for k in kids)
    return PyTreeDef(type(x), aux, children)


def _pair(out, fn: str = "to_iterable", children: str = "children"):
    """A node's flatten result, checked to be (children, aux data) as JAX checks it."""
    first = f"The {fn} function for a custom PyTree node should return a ({children}, aux_data)"
    if type(out) is not tuple or len(out) != 2:
        raise MeshjitValueError(f"{first} tuple, got {out!r}")
    try:
        iter(out[0])
    except TypeError:
        raise MeshjitValueError(
            f"{first} tuple where '{children}' is iterable, got {out!r}"
        ) from None
    return out


def _cycle_guard(flatten, *args):
    try:
        return flatten(*args)
    except RecursionError:
        raise MeshjitValueError(
            "a pytree is nested too deeply to flatten; does a list, tuple or dict in it contain "
            "itself? Pass a structure without cycles"
        ) from None


def tree_flatten(tree, is_leaf=None) -> tuple[list, PyTreeDef]:
    leaves: list = []
    return leaves, _cycle_guard(_flatten, tree, leaves, is_leaf)


def incompatible_is_leaf(tree, is_leaf) -> TypeError:
    """JAX's error for an `is_leaf` that is not a function (its C++ flatten refuses it)."""
    return _incompatible(
        "flatten(self, tree: object | None, leaf_predicate: Callable[[Any], bool] | None = "
        "None) -> tuple[list[Any], PyTreeDef]",
        ("PyTreeRegistry", tree, is_leaf),
    )


def _incompatible(signature: str, args) -> TypeError:
    """JAX's (nanobind's) TypeError for arguments of its C++ pytree functions' wrong types."""
    name = signature[: signature.index("(")]
    types = ", ".join(a if isinstance(a, str) else type(a).__name__ for a in args)
    return MeshjitTypeError(
        f"{name}(): incompatible function arguments. The following argument types are "
        f"supported:\n    1. {signature}\n\nInvoked with types: {types}"
    )


def _keyed_children(node: _NodeType, x):
    if node.flatten_with_keys is not None:
        out = node.flatten_with_keys(x)
        keyed, aux = _pair(out, "to_iterable_with_keys", "key_leaf_pairs")
        keyed = list(keyed)
        if not all(type(p) is tuple and len(p) == 2 for p in keyed):  # as JAX checks them
            raise MeshjitValueError(
                "The to_iterable_with_keys function for a custom PyTree node should return a "
                f"(key_leaf_pairs, aux_data) tuple where each of key_leaf_pairs is a (key, "
                f"child) pair, got {out!r}"
            )
        return keyed, aux
    kids, aux = _pair(node.flatten(x))
    return [(FlattenedIndexKey(i), k) for i, k in enumerate(kids)], aux


def _flatten_with_path(x, path: tuple, pairs: list, is_leaf) -> PyTreeDef:
    if is_leaf is not None and leaf_says(is_leaf(path, x)):
        pairs.append((path, x))
        return _LEAF
    node = _node_type(x)
    if node is None:
        pairs.append((path, x))
        return _LEAF
    keyed, aux = _keyed_children(node, x)
    children = tuple(_flatten_with_path(k, (*path, key), pairs, is_leaf) for key, k in keyed)
    return PyTreeDef(type(x), aux, children)


def tree_flatten_with_path(tree, is_leaf=None, is_leaf_takes_path: bool = False):
    """([(key path, leaf), ...], treedef)."""
    with_path = is_leaf
    if is_leaf is not None and not is_leaf_takes_path:
        with_path = lambda _, x: is_leaf(x)  # noqa: E731
    pairs: list = []
    return pairs, _cycle_guard(_flatten_with_path, tree, (), pairs, with_path)


def tree_leaves_with_path(tree, is_leaf=None, is_leaf_takes_path: bool = False) -> list:
    return tree_flatten_with_path(tree, is_leaf, is_leaf_takes_path)[0]


def flatten_one_level(tree) -> tuple[list, Any]:
    node = _node_type(tree)
    if node is None:
        raise MeshjitValueError(f"can't tree-flatten type: {type(tree)}")
    kids, aux = node.flatten(tree)
    # As JAX: a tuple's, a dict's and None's children in a tuple, other nodes' as flattened.
    return (tuple(kids) if tree is None or type(tree) in (tuple, dict) else kids), aux


def flatten_one_level_with_keys(tree) -> tuple[list, Any]:
    node = _node_type(tree)
    if node is None:
        raise MeshjitValueError(f"can't tree-flatten type: {type(tree)}")
    keyed, aux = _keyed_children(node, tree)
    # As JAX: the (key, child) pairs of a list, tuple, dict or None in a tuple, others' a list
    return (tuple(keyed) if tree is None or type(tree) in (list, tuple, dict) else keyed), aux


def _unflatten(td: PyTreeDef, it):
    if td.kind is None:
        return next(it)
    kids = [_unflatten(c, it) for c in td.kids]
    node = _registry.get(td.kind)
    if node is None:  # namedtuple
        return td.kind(*kids)
    return node.unflatten(td.aux, kids)


def tree_unflatten(treedef: PyTreeDef, leaves):
    if not isinstance(treedef, PyTreeDef):  # as JAX: it calls treedef.unflatten
        raise AttributeError(
            f"'{type(treedef).__name__}' object has no attribute 'unflatten' (tree_unflatten "
            "takes a PyTreeDef first, then the leaves)"
        )
    if not hasattr(leaves, "__iter__"):
        raise _incompatible("unflatten(self, arg: Iterable[Any], /) -> Any", ("PyTreeDef", leaves))
    leaves = list(leaves)
    if len(leaves) != treedef.num_leaves:
        many = "many" if len(leaves) > treedef.num_leaves else "few"
        err = MeshjitValueError(
            f"Too {many} leaves for PyTreeDef; expected {treedef.num_leaves}"
            + ("." if many == "many" else f", got {len(leaves)}")  # JAX's two spellings
        )
        err.add_note(f"the structure is {treedef}")
        raise err
    return _unflatten(treedef, iter(leaves))


def rebuild_with_none(treedef: PyTreeDef) -> None:
    """`treedef` rebuilt around None leaves, as JAX's jacobians do when they `tree_map` their
    dtype checks over arguments and outputs (grad does not): a custom node whose constructor
    refuses None fails there, as in JAX (its docs on pytree initialization show this)."""
    tree_unflatten(treedef, [None] * treedef.num_leaves)


def tree_leaves(tree, is_leaf=None) -> list:
    return tree_flatten(tree, is_leaf)[0]


def tree_structure(tree, is_leaf=None) -> PyTreeDef:
    return tree_flatten(tree, is_leaf)[1]


def all_leaves(iterable, is_leaf=None) -> bool:
    """Whether every element of `iterable` is a leaf (None is not: it is an empty node)."""
    items = list(iterable)
    leaves = tree_leaves(items, is_leaf)
    return len(leaves) == len(items) and all(x is leaf for x, leaf in zip(items, leaves))


def treedef_children_leaves(treedef: PyTreeDef, tree) -> list:
    """Flattens `tree` up to `treedef` (a prefix-compatible structure) and returns its leaves."""
    leaves: list = []
    _flatten_up_to(treedef, tree, leaves)
    return leaves


def _flatten_up_to(td: PyTreeDef, x, leaves: list):
    if td.kind is None:
        leaves.append(x)
        return
    node = _node_type(x)
    if type(x) is not td.kind or node is None:
        raise MeshjitValueError(f"Expected {_kind_name(td)}, got {x!r}.")
    kids, aux = node.flatten(x)
    if aux != td.aux or len(kids) != len(td.kids):
        raise MeshjitValueError(_mismatch_words(td, x, kids, aux))
    for child_td, kid in zip(td.kids, kids):
        _flatten_up_to(child_td, kid, leaves)


def _mismatch_words(td: PyTreeDef, x, kids, aux) -> str:
    """JAX's words (jaxlib's FlattenUpTo) for a node of `td`'s type with other children."""
    if td.kind in (tuple, list):
        name = td.kind.__name__
        return f"{name.capitalize()} arity mismatch: {len(kids)} != {len(td.kids)}; {name}: {x!r}."
    if td.kind is dict:
        return f"Dict key mismatch; expected keys: {list(td.aux)}; present keys: {list(aux)}."
    return f"tree structure mismatch: expected {td}, got {tree_structure(x)}"


def _kind_name(td: PyTreeDef) -> str:
    return td.kind.__name__


# ---------------------------------------------------------------------------------------------
# Mapping, reducing, transposing.


def tree_map(f, tree, *rest, is_leaf=None):
    leaves, treedef = tree_flatten(tree, is_leaf)
    others = _leaves_of_rest(treedef, tree, rest, is_leaf, "tree_map tree")
    return tree_unflatten(treedef, [f(*xs) for xs in zip(leaves, *others)])


def _leaves_of_rest(treedef, tree, rest, is_leaf, name: str) -> list[list]:
    others = []
    for other in rest:
        try:
            others.append(treedef_children_leaves(treedef, other))
        except MeshjitValueError as e:
            message = prefix_error(tree, other, is_leaf)
            raise MeshjitValueError(message(name) if message else e.bare_message) from None
    return others


def tree_map_with_path(f, tree, *rest, is_leaf=None, is_leaf_takes_path: bool = False):
    pairs, treedef = tree_flatten_with_path(tree, is_leaf, is_leaf_takes_path)
    plain_is_leaf = None if is_leaf_takes_path else is_leaf
    others = _leaves_of_rest(treedef, tree, rest, plain_is_leaf, "tree_map_with_path tree")
    outs = [f(path, x, *xs) for (path, x), *xs in zip(pairs, *others)]
    return tree_unflatten(treedef, outs)


class Unspecified:
    pass


def tree_reduce(function, tree, initializer=Unspecified(), is_leaf=None):
    leaves = tree_leaves(tree, is_leaf=is_leaf)
    if isinstance(initializer, Unspecified):
        return functools.reduce(function, leaves)
    return functools.reduce(function, leaves, initializer)


def tree_reduce_associative(operation, tree, *, identity=Unspecified(), is_leaf=None):
    return _halving_reduce(tree_leaves(tree, is_leaf=is_leaf), operation, identity)


def _halving_reduce(seq: list, operation, identity):
    if not seq:
        if isinstance(identity, Unspecified):
            raise MeshjitTypeError(
                "Must specify identity for parallel reduction of empty sequence."
            )
        return identity
    if len(seq) == 1:
        return seq[0]
    half = len(seq) // 2
    return operation(
        _halving_reduce(seq[:half], operation, identity),
        _halving_reduce(seq[half:], operation, identity),
    )


def tree_all(tree, *, is_leaf=None) -> bool:
    return all(tree_leaves(tree, is_leaf=is_leaf))


def tree_transpose(
    outer_treedef: PyTreeDef, inner_treedef: PyTreeDef | None, pytree_to_transpose, *, is_leaf=None
):
    """A tree of structure outer(inner(*)) made inner(outer(*)) (JAX's parameter names);
    `is_leaf` as tree_flatten's (the public trees keep typed keys whole with it)."""
    tree = pytree_to_transpose
    flat, treedef = tree_flatten(tree, is_leaf)
    if inner_treedef is None:
        inner_treedef = tree_structure(outer_treedef.flatten_up_to(tree)[0], is_leaf)
    inner, outer = inner_treedef.num_leaves, outer_treedef.num_leaves
    if treedef.num_leaves != inner * outer:
        expected = outer_treedef.compose(inner_treedef)
        raise MeshjitTypeError(f"Mismatch\n{treedef}\n != \n{expected}")
    rows = [flat[i * inner : (i + 1) * inner] for i in range(outer)]
    subtrees = [tree_unflatten(outer_treedef, column) for column in zip(*rows)]
    return tree_unflatten(inner_treedef, subtrees)


def tree_broadcast(prefix_tree, full_tree, is_leaf=None):
    """`prefix_tree` with each leaf repeated over the subtree of `full_tree` it stands for."""
    try:
        leaves = broadcast_prefix(prefix_tree, full_tree, is_leaf)
    except (MeshjitTypeError, MeshjitValueError):
        detail = prefix_error(prefix_tree, full_tree, is_leaf=is_leaf)
        if detail is None:
            raise
        raise MeshjitValueError(detail("broadcast_prefix prefix_tree")) from None
    return tree_structure(full_tree).unflatten(leaves)


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
    placeholders = tree_unflatten(treedef, [_Leaf() for _ in range(treedef.num_leaves)])
    paths, _ = tree_flatten_with_path(placeholders, is_leaf=lambda x: type(x) is _Leaf)
    return [keystr(path) for path, _ in paths]


class _Leaf:
    """A placeholder leaf: `leaf_paths` rebuilds a tree from its structure alone."""


# ---------------------------------------------------------------------------------------------
# JAX's messages for a tree that is not a prefix of another: the first difference, by key path.


def prefix_error(prefix_tree, full_tree, is_leaf=None):
    """A function of the prefix tree's name giving the message, or None if no difference."""
    return _first_difference((), prefix_tree, full_tree, is_leaf)


def _first_difference(path, prefix, full, is_leaf):
    if tree_structure(prefix, is_leaf=is_leaf).kind is None:  # a leaf prefixes anything
        return None
    if type(prefix) is not type(full):
        return functools.partial(_different_types, path, type(prefix), type(full))
    p_kids, p_meta = flatten_one_level(prefix)
    f_kids, f_meta = flatten_one_level(full)
    p_keys = [k for k, _ in flatten_one_level_with_keys(prefix)[0]]
    f_keys = [k for k, _ in flatten_one_level_with_keys(full)[0]]
    if isinstance(prefix, (list, tuple)) and len(prefix) != len(full):
        return functools.partial(_different_lengths, path, type(prefix), len(prefix), len(full))
    if len(p_kids) != len(f_kids):
        return functools.partial(_different_children, path, type(prefix), p_keys, f_keys)
    if p_meta != f_meta:
        return functools.partial(_different_metadata, path, type(prefix), p_meta, f_meta)
    for key, p, f in zip(p_keys, p_kids, f_kids):
        found = _first_difference((*path, key), p, f, None)
        if found is not None:
            return found
    return None


def _different_types(path, p_type, f_type, name):
    return (
        f"pytree structure error: different types at key path\n    {name}{keystr(path)}\n"
        f"At that key path, the prefix pytree {name} has a subtree of type\n    {p_type}\n"
        "but at the same key path the full pytree has a subtree of different type\n"
        f"    {f_type}."
    )


def _different_lengths(path, ty, p_len, f_len, name):
    return (
        f"pytree structure error: different lengths of {ty.__name__} at key path\n"
        f"    {name}{keystr(path)}\n"
        f"At that key path, the prefix pytree {name} has a subtree of type {ty.__name__} of "
        f"length {p_len}, but the full pytree has a subtree of the same type but of length "
        f"{f_len}."
    )


def _key_names(keys) -> str:
    return " ".join(_simple_entry(k) for k in keys)


def _different_children(path, ty, p_keys, f_keys, name):
    diff = set(p_keys).symmetric_difference(f_keys)
    return (
        "pytree structure error: different numbers of pytree children at key path\n"
        f"    {name}{keystr(path)}\n"
        f"At that key path, the prefix pytree {name} has a subtree of type\n    {ty}\n"
        f"with {len(p_keys)} child keys\n    {_key_names(p_keys)}\n"
        "but at the same key path the full pytree has a subtree of the same type but with "
        f"{len(f_keys)} child keys\n    {_key_names(f_keys)}\n"
        f"so the symmetric difference on key sets is\n    {_key_names(diff)}"
    )


def _different_metadata(path, ty, p_meta, f_meta, name):
    diff = "\n".join(difflib.ndiff(str(p_meta).splitlines(), str(f_meta).splitlines()))
    return (
        f"pytree structure error: different pytree metadata at key path\n"
        f"    {name}{keystr(path)}\n"
        f"At that key path, the prefix pytree {name} has a subtree of type\n    {ty}\n"
        f"with metadata\n    {p_meta}\n"
        "but at the same key path the full pytree has a subtree of the same type but with "
        f"metadata\n    {f_meta}\n"
        f"so the diff in the metadata at these pytree nodes is\n{textwrap.indent(diff, '    ')}"
    )


# ---------------------------------------------------------------------------------------------
# JAX's structural differences of two trees (loop carries, branch outputs): by key path.


def equality_errors(tree1, tree2):
    """(key path, what tree1 has, what tree2 has, why they differ) of each difference of two
    trees of different structures (JAX's `equality_errors`)."""
    yield from _equality_errors((), tree1, tree2)


def equality_errors_pytreedef(treedef1: PyTreeDef, treedef2: PyTreeDef):
    """`equality_errors` of two structures, their leaves shown as "pytree leaf"."""
    return equality_errors(
        tree_unflatten(treedef1, [_SHOWN_LEAF] * treedef1.num_leaves),
        tree_unflatten(treedef2, [_SHOWN_LEAF] * treedef2.num_leaves),
    )


_SHOWN_LEAF = type("LeafMeta", (type,), {"__repr__": lambda _: "pytree leaf"})("Leaf", (), {})()


def _equality_errors(path, t1, t2):
    if _node_type(t1) is None and _node_type(t2) is None:
        return
    if type(t1) is not type(t2):
        yield path, str(type(t1)), str(type(t2)), "their Python types differ"
        return
    if isinstance(t1, (list, tuple)) and len(t1) != len(t2):
        ty = type(t1).__name__
        yield (
            path,
            f"{ty} of length {len(t1)}",
            f"{ty} of length {len(t2)}",
            ("the lengths do not match"),
        )
        return
    (kids1, meta1), (kids2, meta2) = flatten_one_level(t1), flatten_one_level(t2)
    keys1 = [k for k, _ in flatten_one_level_with_keys(t1)[0]]
    keys2 = [k for k, _ in flatten_one_level_with_keys(t2)[0]]
    if len(kids1) != len(kids2):
        diff = " ".join(repr(getattr(k, "key", k)) for k in set(keys1) ^ set(keys2))
        yield (
            path,
            _with_children(t1, kids1),
            _with_children(t2, kids2),
            (
                "the numbers of children do not match"
                + (f", with the symmetric difference of key sets: {{{diff}}}" if diff else "")
            ),
        )
        return
    if meta1 != meta2:
        yield (
            path,
            f"{type(t1)} with pytree metadata {meta1}",
            (f"{type(t2)} with pytree metadata {meta2}"),
            "the pytree node metadata does not match",
        )
        return
    for key, c1, c2 in zip(keys1, kids1, kids2):
        yield from _equality_errors((*path, key), c1, c2)


def _with_children(tree, kids) -> str:
    return f"{type(tree)} with {len(kids)} child{'ren' if len(kids) > 1 else ''}"


# ---------------------------------------------------------------------------------------------
# Partial: functools.partial as a pytree (its arguments are the leaves).


class _HashableCallable:
    """Wraps a functools.partial so Partial does not merge its arguments into its own."""

    def __init__(self, fun):
        self.fun = fun

    def __call__(self, *args, **kwargs):
        return self.fun(*args, **kwargs)

    def __hash__(self):
        return hash(self.fun)

    def __eq__(self, other):
        return self.fun == (other.fun if isinstance(other, _HashableCallable) else other)


class Partial(functools.partial):
    """functools.partial whose bound arguments are pytree leaves, so it can be passed to jit."""

    @api_boundary
    def __new__(cls, func, *args, **kwargs):
        if not callable(func):  # functools.partial's words, from the user's line
            raise MeshjitTypeError(f"the first argument must be callable, got {func!r}")
        if isinstance(func, functools.partial):
            func = _HashableCallable(func)
        return super().__new__(cls, func, *args, **kwargs)


register_pytree_node(
    Partial,
    lambda p: ((p.args, p.keywords), p.func),
    lambda func, kids: Partial(func, *kids[0], **kids[1]),
)
