"""meshjit.tree: JAX's short names for the pytree utilities of meshjit.tree_util (each a
function of that name, as JAX's: `tree.map.__name__` is "map")."""

from meshjit.compiler import tree_public as _public
from meshjit.compiler import tree_util as _util
from meshjit.compiler.api_util import renamed as _renamed

all = _renamed(_public.tree_all, "all")  # noqa: A001
broadcast = _renamed(_public.tree_broadcast, "broadcast")
flatten = _renamed(_public.tree_flatten, "flatten")
flatten_with_path = _renamed(_public.tree_flatten_with_path, "flatten_with_path")
leaves = _renamed(_public.tree_leaves, "leaves")
leaves_with_path = _renamed(_public.tree_leaves_with_path, "leaves_with_path")
map = _renamed(_public.tree_map, "map")  # noqa: A001
map_with_path = _renamed(_public.tree_map_with_path, "map_with_path")
reduce = _renamed(_public.tree_reduce, "reduce")
reduce_associative = _renamed(_public.tree_reduce_associative, "reduce_associative")
structure = _renamed(_public.tree_structure, "structure")
transpose = _renamed(_public.tree_transpose, "transpose")
static = _renamed(_util.static_field, "static")
unflatten = _renamed(_util.tree_unflatten, "unflatten")

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
