"""meshjit.experimental.sparse.random (as `jax.experimental.sparse.random`): random sparse arrays."""

from meshjit.experimental.sparse import (
    random_bcoo,
)

__all__ = [
    "random_bcoo",
]
