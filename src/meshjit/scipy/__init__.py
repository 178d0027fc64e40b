"""meshjit.scipy: JAX's jax.scipy.special, jax.scipy.stats, jax.scipy.linalg,
jax.scipy.signal and jax.scipy.optimize."""

from meshjit.scipy import linalg, optimize, signal, special, stats

__all__ = ["linalg", "optimize", "signal", "special", "stats"]
