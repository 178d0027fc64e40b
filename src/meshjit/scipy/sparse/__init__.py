"""meshjit.scipy.sparse: jax.scipy.sparse.linalg's iterative solvers."""

from meshjit.scipy.sparse import linalg

__all__ = ["linalg"]
