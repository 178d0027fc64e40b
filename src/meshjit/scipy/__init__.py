"""meshjit.scipy: JAX's jax.scipy.special, stats, linalg, signal, optimize, fft, integrate,
interpolate, ndimage and cluster."""

from meshjit.scipy import (
    cluster,
    fft,
    integrate,
    interpolate,
    linalg,
    ndimage,
    optimize,
    signal,
    special,
    stats,
)

__all__ = [
    "cluster",
    "fft",
    "integrate",
    "interpolate",
    "linalg",
    "ndimage",
    "optimize",
    "signal",
    "special",
    "stats",
]
