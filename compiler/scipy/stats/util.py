"""What the distributions share: JAX's promote_args_inexact (meshjit.compiler.scipy.util)."""

from meshjit.compiler.scipy.util import inexact

__all__ = ["inexact"]
