"""passes/graph/shardy_import.py: where Shardy's greedy driver erases dead ops, and which
staged operands still have another use when it reaches their op, found in time linear in the
uses (a weight read by every step of a long chain)."""

from __future__ import annotations

import math

from jaxlib.mlir import ir

from meshjit.dialects.context import make_context
from meshjit.passes.graph import shardy_import

_STEPS = """
  %0 = stablehlo.add %arg0, %w : tensor<4xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
  %2 = stablehlo.add %1, %w : tensor<4xf32>
  %3 = stablehlo.negate %2 : tensor<4xf32>
  %4 = stablehlo.add %2, %w : tensor<4xf32>
  %5 = stablehlo.abs %4 : tensor<4xf32>
  %6 = stablehlo.add %5, %w : tensor<4xf32>
  %7 = stablehlo.add %4, %0 : tensor<4xf32>
  %8 = stablehlo.abs %3 : tensor<4xf32>
  %9 = stablehlo.add %8, %w : tensor<4xf32>
"""


def _module(steps: str, results: str, types: str) -> str:
    return (
        "func.func @main(%arg0: tensor<4xf32>, %w: tensor<4xf32>) -> "
        f"({types}) {{{steps}  return {results} : {types}\n}}"
    )


def _named(module_text: str):
    """dying_ops of the module, its ops named by their first result."""
    with make_context():
        module = ir.Module.parse(module_text)
        index, dying, shared, revisits = shardy_import.dying_ops(module.operation)
        name = {i: (op.results[0].get_name() if op.results else op.name) for op, i in index.items()}
        return (
            {name[index[op]]: name[at] for op, at in dying.items()},
            {
                name[index[op]]: {k: name.get(until, until) for k, until in values.items()}
                for op, values in shared.items()
            },
            {name[at]: sorted(name[i] for i in ops) for at, ops in revisits.items()},
        )


def test_dead_chains_and_shared_operands():
    dying, shared, revisits = _named(_module(_STEPS, "%6, %4", "tensor<4xf32>, tensor<4xf32>"))
    # %3 and %8 go where the driver reaches %9 (dead); erasing %3 revisits %2's definer
    assert dying == {"%3": "%9", "%8": "%9"}
    assert revisits == {"%9": ["%2"]}
    # %2's other reader %3 goes at %9: when the driver reaches %4, %2 still has a use until
    # then; %1 reads %0 twice (for good); %w is read by every add
    assert shared["%4"] == {0: "%9", 1: math.inf}
    assert shared["%1"] == {0: math.inf, 1: math.inf}
    assert shared["%9"] == {1: math.inf}


def test_uses_are_read_once(monkeypatch):
    """A weight read by n steps: where each use goes is asked about n times, not n * n."""
    n = 300
    steps = "".join(f"  %{k + 1} = stablehlo.add %{k}, %w : tensor<4xf32>\n" for k in range(n))
    text = _module("  %0 = stablehlo.abs %arg0 : tensor<4xf32>\n" + steps, f"%{n}", "tensor<4xf32>")
    calls = []
    real = shardy_import._use_death
    monkeypatch.setattr(
        shardy_import, "_use_death", lambda owner, death: calls.append(1) or real(owner, death)
    )
    _named(text)
    assert len(calls) < 4 * n


_GROUPED_CALL_RESULT = """
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee(%x: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) {
  %0 = stablehlo.negate %x : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%m: tensor<8x8xf32>) {
    %1 = func.call @callee(%m) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
    sdy.sharding_group %m group_id=0 : tensor<8x8xf32>
    %2 = stablehlo.abs %1 : tensor<8x8xf32>
    sdy.return %2 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
"""


def test_own_mode_reads_a_grouped_call_result_as_its_callee_result():
    """meshjit's own mode starts a call result from its callee's result sharding, so the
    group's import sees it differ from the body argument's local in_sharding and constrains
    both members (as Shardy's pipeline): the user's "b" stays in the in_sharding instead of
    being overwritten by the callee's (round22a-group-members-pipeline main0)."""
    from meshjit.passes import propagate

    with make_context():
        module = ir.Module.parse(_GROUPED_CALL_RESULT)
        propagate(module, export=False)
        text = str(module)
    assert 'in_shardings=[<@mesh, [{"a"}, {"b"' in text, text
    assert '-> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}]>})' in text
