"""meshjit.scipy.optimize: JAX 0.10.2's `jax.scipy.optimize` (minimize by BFGS)."""

from meshjit.compiler.scipy.optimize.minimize import OptimizeResults, minimize

__all__ = ["OptimizeResults", "minimize"]
