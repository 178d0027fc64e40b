"""meshjit.tree: JAX's short names for the pytree utilities of meshjit.tree_util."""

from meshjit.compiler.tree_public import tree_all as all  # noqa: A004
from meshjit.compiler.tree_public import tree_broadcast as broadcast
from meshjit.compiler.tree_public import tree_flatten as flatten
from meshjit.compiler.tree_public import tree_flatten_with_path as flatten_with_path
from meshjit.compiler.tree_public import tree_leaves as leaves
from meshjit.compiler.tree_public import tree_leaves_with_path as leaves_with_path
from meshjit.compiler.tree_public import tree_map as map  # noqa: A004
from meshjit.compiler.tree_public import tree_map_with_path as map_with_path
from meshjit.compiler.tree_public import tree_reduce as reduce
from meshjit.compiler.tree_public import tree_reduce_associative as reduce_associative
from meshjit.compiler.tree_public import tree_structure as structure
from meshjit.compiler.tree_public import tree_transpose as transpose
from meshjit.compiler.tree_util import static_field as static
from meshjit.compiler.tree_util import tree_unflatten as unflatten

__all__ = [
    "all",
    "broadcast",
    "flatten",
    "flatten_with_path",
    "leaves",
    "leaves_with_path",
    "map",
    "map_with_path",
    "reduce",
    "reduce_associative",
    "static",
    "structure",
    "transpose",
    "unflatten",
]
