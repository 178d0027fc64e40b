"""meshjit.experimental.pjit: `pjit`, JAX's older name for `jit` with shardings (deprecated in
JAX in favour of `jit`, which takes the same arguments)."""

import warnings as _warnings

from meshjit.compiler.jit.api import jit as _jit

__all__ = ["pjit"]


def pjit(fun=None, in_shardings=None, out_shardings=None, **kwargs):
    """`jit(fun, in_shardings=..., out_shardings=..., ...)` (the shardings may be positional,
    as pjit took them)."""
    _warnings.warn(
        "jax.experimental.pjit.pjit has been deprecated. Please use `jax.jit` instead.",
        DeprecationWarning,
        stacklevel=2,
    )
    kwargs.update(in_shardings=in_shardings, out_shardings=out_shardings)
    return _jit(**kwargs) if fun is None else _jit(fun, **kwargs)
