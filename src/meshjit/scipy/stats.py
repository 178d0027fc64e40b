"""meshjit.scipy.stats (implemented in meshjit.compiler.scipy.stats, whose __all__ lists the
distributions)."""

from meshjit.compiler.scipy import stats as _stats
from meshjit.compiler.scipy.stats import *  # noqa: F403

__all__ = list(_stats.__all__)
