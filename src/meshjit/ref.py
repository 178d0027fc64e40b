"""meshjit.ref: mutable array references, as `jax.ref`."""

from meshjit.compiler.state.ref import (
    Ref,
    addupdate,
    empty_ref,
    free_ref,
    freeze,
    get,
    new_ref,
    set,  # noqa: A004  (JAX's name)
    swap,
)
from meshjit.compiler.state.types import AbstractRef

__all__ = [
    "AbstractRef",
    "Ref",
    "addupdate",
    "free_ref",
    "freeze",
    "get",
    "new_ref",
    "empty_ref",
    "set",
    "swap",
]
