"""meshjit.scipy.fft (implemented in meshjit.compiler.scipy.fft, whose __all__ lists the names)."""

from meshjit.compiler.scipy import fft as _fft
from meshjit.compiler.scipy.fft import *  # noqa: F403

__all__ = list(_fft.__all__)
