"""meshjit.experimental.pjit: `pjit`, JAX's older name for `jit` with shardings (deprecated in
JAX in favour of `jit`, which takes the same arguments). As in JAX 0.10.2, getting the name
(`from meshjit.experimental.pjit import pjit`) warns with a DeprecationWarning; calls do not."""

import functools as _functools

from meshjit.compiler.api_util import deprecation_getattr as _deprecation_getattr
from meshjit.compiler.jit.api import JitFunction as _JitFunction


def _pjit(fun=None, in_shardings=None, out_shardings=None, **kwargs):
    """`jit(fun, in_shardings=..., out_shardings=..., ...)` (the shardings may be positional,
    as pjit took them), whose bare PartitionSpecs, and None as replicated, are on the mesh of
    `with mesh:` (not set_mesh's), as JAX 0.10.2's pjit."""
    kwargs.update(in_shardings=in_shardings, out_shardings=out_shardings, use_resource_env=True)
    if fun is None:
        return _functools.partial(_JitFunction, **kwargs)
    return _JitFunction(fun, **kwargs)


_pjit.__name__ = _pjit.__qualname__ = "pjit"

_DEPRECATED = {
    "pjit": ("jax.experimental.pjit.pjit has been deprecated. Please use `jax.jit` instead.", _pjit)
}

__all__ = ["pjit"]  # noqa: F822  (provided by the module __getattr__ below)

__getattr__ = _deprecation_getattr(__name__, _DEPRECATED)
