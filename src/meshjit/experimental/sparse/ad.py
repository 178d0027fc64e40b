"""meshjit.experimental.sparse.ad (as `jax.experimental.sparse.ad`): sparse-aware autodiff."""

from meshjit.experimental.sparse import (
    JAXSparse,
    grad,
    jacfwd,
    jacobian,
    jacrev,
    value_and_grad,
)

__all__ = [
    "JAXSparse",
    "grad",
    "jacfwd",
    "jacobian",
    "jacrev",
    "value_and_grad",
]
