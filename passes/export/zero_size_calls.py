"""Calls that compute only zero-size values, kept away from XLA's import where it crashes.

XLA (jaxlib 0.10.2) crashes the process (a segfault, or "Check failed: builder_ != nullptr"
in `xla::While`) converting a module whose `stablehlo.while` body calls a function whose
operands and results are all zero-size while its condition holds an `sdy.sharding_constraint`
(probed on 2 CPU devices: a loop over f32[4,2] whose body calls a function on a f32[4,0] slice,
the condition constraining a bool[2]; the same with the call's result unused; calls with one
non-empty operand or result, or no constraint in the condition, compile). meshjit's modes pin
every op's result with a constraint, so a vmapped `jnp.gcd` of an empty array (a while loop
whose body calls `_where` / `remainder` on empty values) crashed them (`propagation="xla"`
hands over no constraints).

A zero-size value holds no data, so a call whose results are all zero-size and whose callee
has no effect (no custom call, send, recv, infeed or outfeed, in it or the functions it calls)
is replaced by constants of its result types before XLA sees the module.
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

_EFFECTS = frozenset(
    {
        "stablehlo.custom_call",
        "stablehlo.send",
        "stablehlo.recv",
        "stablehlo.infeed",
        "stablehlo.outfeed",
    }
)


def _zero_size(value: ir.Value) -> bool:
    t = value.type
    if not isinstance(t, ir.RankedTensorType) or not t.has_static_shape:
        return False
    return 0 in t.shape


def _empty_constant(t: ir.RankedTensorType) -> ir.DenseElementsAttr:
    e = t.element_type
    if isinstance(e, ir.ComplexType):
        width = np.complex64 if isinstance(e.element_type, ir.F32Type) else np.complex128
        return ir.DenseElementsAttr.get(np.zeros(t.shape, width), type=e)
    zero = ir.FloatAttr.get(e, 0.0) if isinstance(e, ir.FloatType) else ir.IntegerAttr.get(e, 0)
    return ir.DenseElementsAttr.get_splat(t, zero)


def _functions(module_op: ir.Operation) -> dict[str, ir.Operation]:
    found = {}
    for op in module_op.regions[0].blocks[0].operations:
        if op.operation.name == "func.func":
            found[ir.StringAttr(op.attributes["sym_name"]).value] = op.operation
    return found


def _callee(call) -> str:
    return ir.FlatSymbolRefAttr(call.attributes["callee"]).value


def _has_effects(name: str, functions: dict, seen: set) -> bool:
    """Whether function `name` (or one it calls) holds an op with an effect."""
    if name in seen or name not in functions:
        return name not in functions
    seen.add(name)
    found = []

    def visit(op):
        if op.name in _EFFECTS or (
            op.name == "func.call" and _has_effects(_callee(op), functions, seen)
        ):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    functions[name].walk(visit)
    return bool(found)


def _empty_calls(module_op: ir.Operation) -> list:
    functions = _functions(module_op)
    calls = []

    def visit(op):
        if (
            op.name == "func.call"
            and len(op.results)
            and all(_zero_size(r) for r in op.results)
            and not _has_effects(_callee(op), functions, set())
        ):
            calls.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return calls


def drop_empty_calls(module_op: ir.Operation) -> int:
    """Replaces each effect-free call whose results are all zero-size by constants (see the
    module docstring); returns how many were replaced."""
    calls = _empty_calls(module_op)
    for call in calls:
        with ir.InsertionPoint(call), call.location:
            for result in call.results:
                result.replace_all_uses_with(stablehlo.constant(_empty_constant(result.type)))
        call.erase()
    return len(calls)
