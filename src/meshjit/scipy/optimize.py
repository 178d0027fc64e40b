"""meshjit.scipy.optimize (implemented in meshjit.compiler.scipy.optimize)."""

from meshjit.compiler.scipy.optimize import OptimizeResults, minimize

__all__ = ["OptimizeResults", "minimize"]
