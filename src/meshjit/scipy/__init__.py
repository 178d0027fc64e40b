"""meshjit.scipy: JAX's jax.scipy.special, stats, linalg, signal, optimize, fft, integrate, sparse,
interpolate, ndimage, cluster and spatial."""

from meshjit.scipy import (
    cluster,
    fft,
    integrate,
    interpolate,
    linalg,
    ndimage,
    optimize,
    signal,
    sparse,
    spatial,
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
    "sparse",
    "spatial",
    "special",
    "stats",
]
