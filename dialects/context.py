"""The one place where MLIR contexts are made and dialects are registered."""

from __future__ import annotations

import threading

from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _jax_mlir_ext
from jaxlib.mlir.dialects import chlo, sdy, stablehlo

_local = threading.local()


def make_context() -> ir.Context:
    """Returns a new context with func, stablehlo, chlo and sdy loaded."""
    registry = ir.DialectRegistry()
    _jax_mlir_ext.register_dialects(registry)
    ctx = ir.Context()
    ctx.append_dialect_registry(registry)
    ctx.load_all_available_dialects()
    stablehlo.register_dialect(ctx)
    sdy.register_dialect(ctx)
    chlo.register_dialect(ctx)
    return ctx


def shared_context() -> ir.Context:
    """A per-thread context reused by lowering, so types and attributes are interned once."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        ctx = _local.ctx = make_context()
    return ctx
