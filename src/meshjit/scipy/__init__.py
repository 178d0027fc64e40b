"""meshjit.scipy: JAX's jax.scipy.special, stats, linalg, signal, optimize, fft, integrate and
ndimage."""

from meshjit.scipy import fft, integrate, linalg, ndimage, optimize, signal, special, stats

__all__ = ["fft", "integrate", "linalg", "ndimage", "optimize", "signal", "special", "stats"]
