"""meshjit.scipy.stats (implemented in meshjit.compiler.scipy.stats, whose __all__ lists the
distributions)."""

import sys as _sys

from meshjit.compiler.scipy import stats as _stats
from meshjit.compiler.scipy.stats import *  # noqa: F403
from meshjit.compiler.traceback_util import wrap_module_functions as _wrap_module_functions

__all__ = list(_stats.__all__)

# `import jax.scipy.stats.norm` works in JAX: each distribution is a module there.
for _name in __all__:
    if isinstance(getattr(_stats, _name), type(_stats)):
        _sys.modules[f"{__name__}.{_name}"] = getattr(_stats, _name)
        _wrap_module_functions(getattr(_stats, _name))  # their functions are API boundaries
