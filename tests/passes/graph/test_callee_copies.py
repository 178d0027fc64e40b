"""passes/graph/callee_copies.py: in meshjit's own mode each call site propagates its own copy
of a callee several calls share (as Shardy's import flattens calls and XLA inlines them); the
copies that come out alike merge back, so a module whose calls agree keeps one function."""

from __future__ import annotations

import re

from jaxlib.mlir import ir

from meshjit.dialects.context import make_context
from meshjit.passes import propagate

_CALLS = """
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @bar(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @foo(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = call @bar(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%a0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %a1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{SECOND}, {}]>}, %a2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{SECOND}, {}]>}, %a3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @foo(%a0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @bar(%a1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = call @foo(%a2) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = call @foo(%a3) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2, %3 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
"""


def _propagated(second: str) -> str:
    with make_context():
        module = ir.Module.parse(_CALLS.replace("SECOND", second))
        propagate(module)
        assert module.operation.verify()
        return str(module)


def _callees(text: str) -> list[str]:
    return re.findall(r"call @(\w+)\(", text.split("func.func @main")[1])


def test_calls_with_other_shardings_get_their_own_copies():
    """foo and bar called on "a" and on "b" values: one copy each per sharding, no reshard
    of any call's operand (the one shared copy resharded the "b" operands to "a")."""
    text = _propagated('"b"')
    assert _callees(text) == ["foo", "bar_0", "foo_0", "foo"]
    assert "sdy.reshard" not in text
    assert (
        '@foo_0(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}' in text
    )
    assert "call @bar_0(%arg0)" in text.split("@foo_0(")[1].split("func.func")[0]
    assert "meshjit.copy_of" not in text


def test_calls_that_agree_keep_one_function():
    text = _propagated('"a"')
    assert _callees(text) == ["foo", "bar", "foo", "foo"]
    assert sorted(re.findall(r"func.func (?:private )?@(\w+)", text)) == ["bar", "foo", "main"]
