"""meshjit.scipy: JAX's jax.scipy.special, jax.scipy.stats and jax.scipy.linalg."""

from meshjit.scipy import linalg, special, stats

__all__ = ["linalg", "special", "stats"]
