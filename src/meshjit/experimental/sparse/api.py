"""meshjit.experimental.sparse.api (as `jax.experimental.sparse.api`): the sparse array classes and their constructors."""

from meshjit.experimental.sparse import (
    BCOO,
    BCSR,
    COO,
    CSC,
    CSR,
    JAXSparse,
    empty,
    eye,
    todense,
)

__all__ = [
    "BCOO",
    "BCSR",
    "COO",
    "CSC",
    "CSR",
    "JAXSparse",
    "empty",
    "eye",
    "todense",
]
