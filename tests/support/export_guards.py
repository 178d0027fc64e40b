"""What the tests of the XLA hand-off's guards share (tests/passes/export/)."""

from __future__ import annotations

from jaxlib.mlir import ir

import meshjit
from meshjit.dialects import make_context


def guarded(guard, f, *args) -> int:
    """How many ops `guard` (a passes/export guard) changes in jitted `f`'s module as meshjit
    propagates it, before pinning."""
    lowered = f.lower(*args)
    with make_context():
        module = ir.Module.parse(lowered.as_text())
        meshjit.passes.propagate(module)
        return guard(module.operation)
