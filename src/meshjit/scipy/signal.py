"""meshjit.scipy.signal (implemented in meshjit.compiler.scipy.signal and
meshjit.compiler.scipy.spectral, whose __all__ lists name the functions)."""

from meshjit.compiler.scipy import signal as _signal
from meshjit.compiler.scipy import spectral as _spectral
from meshjit.compiler.scipy.signal import *  # noqa: F403
from meshjit.compiler.scipy.spectral import *  # noqa: F403

__all__ = list(_signal.__all__) + list(_spectral.__all__)
