"""meshjit.scipy.ndimage (implemented in meshjit.compiler.scipy.ndimage, whose __all__ lists the names)."""

from meshjit.compiler.scipy import ndimage as _ndimage
from meshjit.compiler.scipy.ndimage import *  # noqa: F403

__all__ = list(_ndimage.__all__)
