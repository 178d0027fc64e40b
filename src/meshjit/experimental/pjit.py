"""meshjit.experimental.pjit: `pjit`, JAX's older name for `jit` with shardings (deprecated in
JAX in favour of `jit`, which takes the same arguments)."""

import functools as _functools
import warnings as _warnings

from meshjit.compiler.jit.api import JitFunction as _JitFunction

__all__ = ["pjit"]


def pjit(fun=None, in_shardings=None, out_shardings=None, **kwargs):
    """`jit(fun, in_shardings=..., out_shardings=..., ...)` (the shardings may be positional,
    as pjit took them), whose bare PartitionSpecs, and None as replicated, are on the mesh of
    `with mesh:` (not set_mesh's), as JAX 0.10.2's pjit."""
    _warnings.warn(
        "jax.experimental.pjit.pjit has been deprecated. Please use `jax.jit` instead.",
        DeprecationWarning,
        stacklevel=2,
    )
    kwargs.update(in_shardings=in_shardings, out_shardings=out_shardings, use_resource_env=True)
    if fun is None:
        return _functools.partial(_JitFunction, **kwargs)
    return _JitFunction(fun, **kwargs)
