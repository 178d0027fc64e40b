"""JAX's key-reuse checker (`jax_debug_key_reuse`, `jax.debug_key_reuse`): a typed PRNG key
consumed twice raises KeyReuseError, eagerly and under jit.

JAX finds consumption in jaxprs, where keys have a key dtype. In meshjit's jaxprs a key is its
uint32 data, so consumption is tracked on the key arrays themselves (`_consumed`): a random
function that draws from a key, or splits it, consumes it (`consume`, called by
random.keys.check_key); fold_in, clone and key_data do not. A jitted function's signature is
the set of its key arguments its trace consumed (`traced_signature`); calling it consumes those
arguments, where a consumed one raises as JAX's does: "Previously-consumed key passed to
jit-compiled function at index i" on a call from Python, "In jit, argument i is already
consumed." inside another trace.

Not modelled (JAX would raise, meshjit does not): indexing a key array consuming the indexed
keys, and scan / while bodies consuming a closed-over key on every iteration.
"""

from __future__ import annotations

from meshjit.compiler import tree_public
from meshjit.compiler.config import config
from meshjit.compiler.errors import KeyReuseError
from meshjit.compiler.trace.tracing import Tracer

# The functions that consume a key under the name JAX's error gives them (JAX's jitted
# samplers are "jit"; split and bits bind the primitives named here).
_PRIMITIVES = {"split": "random_split", "bits": "random_bits"}


def _is_key(x) -> bool:
    return tree_public.is_opaque_leaf(x) and hasattr(x, "_consumed")


def consume(name: str, key) -> None:
    """`key` (a typed key array) drawn from by the random function `name`: a KeyReuseError if
    it was consumed before, then it is consumed."""
    if not config.key_reuse or not _is_key(key):
        return
    if key._consumed:
        traced = isinstance(key._data, Tracer)
        prim = _PRIMITIVES.get(name)
        if traced:
            raise KeyReuseError(f"In {prim or 'jit'}, argument 0 is already consumed.")
        where = prim or "jit-compiled function"
        raise KeyReuseError(f"Previously-consumed key passed to {where} at index 0")
    key._consumed = True


def traced_keys(dynamic) -> list:
    """(leaf index, key) of the typed keys among a traced function's dynamic arguments (a key
    is one leaf of the internal flattening too, so the indices are the jaxpr's)."""
    if not config.key_reuse:
        return []
    leaves = tree_public.tree_leaves(dynamic)
    return [(i, x) for i, x in enumerate(leaves) if _is_key(x)]


def traced_signature(keys) -> tuple | None:
    """The argument indices whose keys the trace consumed (None when not checking)."""
    if not config.key_reuse:
        return None
    return tuple(i for i, key in keys if key._consumed)


def check_call(consumed: tuple, dynamic) -> None:
    """A call of a jitted function consuming the key arguments `consumed` with the dynamic
    arguments `dynamic`: raises as JAX does for a consumed one, else consumes them."""
    if not consumed:
        return
    leaves = tree_public.tree_leaves(dynamic)
    keys = [leaves[i] for i in consumed]
    for i, key in zip(consumed, keys):
        if key._consumed:
            if isinstance(key._data, Tracer):
                raise KeyReuseError(f"In jit, argument {i} is already consumed.")
            raise KeyReuseError(
                f"Previously-consumed key passed to jit-compiled function at index {i}"
            )
    for key in keys:
        key._consumed = True
