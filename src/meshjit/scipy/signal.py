"""meshjit.scipy.signal (implemented in meshjit.compiler.scipy.signal, whose __all__ lists the
names)."""

from meshjit.compiler.scipy import signal as _signal
from meshjit.compiler.scipy.signal import *  # noqa: F403

__all__ = list(_signal.__all__)
