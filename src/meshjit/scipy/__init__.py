"""meshjit.scipy: JAX's jax.scipy.special, jax.scipy.stats, jax.scipy.linalg and
jax.scipy.signal."""

from meshjit.scipy import linalg, signal, special, stats

__all__ = ["linalg", "signal", "special", "stats"]
