"""meshjit.scipy.sparse: the iterative solvers of jax.scipy.sparse.linalg."""

from meshjit.compiler.scipy.sparse import linalg

__all__ = ["linalg"]
