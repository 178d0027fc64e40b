"""meshjit.numpy.fft (implemented in meshjit.compiler.numpy.fft, whose __all__ lists the names)."""

from meshjit.compiler.numpy import fft as _fft
from meshjit.compiler.numpy.fft import *  # noqa: F403

__all__ = list(_fft.__all__)
