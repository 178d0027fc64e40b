"""meshjit.tree: JAX's short names for the pytree utilities of meshjit.tree_util."""

from meshjit.compiler.api_util import alias as _alias
from meshjit.compiler.tree_public import SHORT_NAMES as _SHORT
from meshjit.compiler.tree_public import transpose
from meshjit.compiler.tree_util import static_field as _static_field

all, broadcast, flatten = _SHORT["all"], _SHORT["broadcast"], _SHORT["flatten"]  # noqa: A001
flatten_with_path, leaves = _SHORT["flatten_with_path"], _SHORT["leaves"]
leaves_with_path, map = _SHORT["leaves_with_path"], _SHORT["map"]  # noqa: A001
map_with_path, reduce = _SHORT["map_with_path"], _SHORT["reduce"]
reduce_associative, structure = _SHORT["reduce_associative"], _SHORT["structure"]
unflatten = _SHORT["unflatten"]
static = _alias(_static_field, "static")  # JAX's name for it

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
