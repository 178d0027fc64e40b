"""meshjit.scipy: JAX's jax.scipy.special and jax.scipy.stats."""

from meshjit.scipy import special, stats

__all__ = ["special", "stats"]
