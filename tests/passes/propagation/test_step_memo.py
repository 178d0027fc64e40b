"""passes/propagation/step_memo.py: a step whose inputs were seen before writes the outcome
recorded then; propagation comes out exactly as when every step decides anew."""

from __future__ import annotations

import pytest
from jaxlib.mlir import ir

from meshjit.dialects import make_context
from meshjit.passes import propagate
from meshjit.passes.graph.build import build_graph
from meshjit.passes.propagation import Options, auto, step_memo
from tests.support import programs

# Repeated steps whose tensors end up alike: a conflict in every dot (auto runs every
# candidate), sub-axes and a size-one axis, a priority, a closed dim and a replicated axis.
_LAYERS = """
sdy.mesh @mesh = <["a"=2, "b"=4, "one"=1]>
func.func @main(%x: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2}]>},
                %w: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a", ?}p1]>},
                %v: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"one", "b":(2)2}, {}], replicated={"a"}>})
    -> tensor<16x16xf32> {
LAYERS  return RESULT : tensor<16x16xf32>
}
"""


# Adds alike but for what one operand's sharding forbids: the second one's is closed, the
# third one's replicates "a", the fourth one's waits for priority 1 (a step taking any of them
# for the first would put "a" there).
_ALIKE_BUT = """
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @main(%x: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>},
                %y: tensor<16x16xf32>, %z: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %n0 = stablehlo.negate %y : tensor<16x16xf32>
  %n1 = stablehlo.negate %y : tensor<16x16xf32>
  %n2 = stablehlo.negate %y : tensor<16x16xf32>
  %n3 = stablehlo.negate %y : tensor<16x16xf32>
  %c1 = sdy.sharding_constraint %n1 <@mesh, [{}, {?}]> : tensor<16x16xf32>
  %c2 = sdy.sharding_constraint %n2 <@mesh, [{?}, {?}], replicated={"a"}> : tensor<16x16xf32>
  %c3 = sdy.sharding_constraint %n3 <@mesh, [{"b", ?}p1, {?}]> : tensor<16x16xf32>
  %a0 = stablehlo.add %x, %n0 : tensor<16x16xf32>
  %a1 = stablehlo.add %x, %c1 : tensor<16x16xf32>
  %a2 = stablehlo.add %x, %c2 : tensor<16x16xf32>
  %a3 = stablehlo.add %x, %c3 : tensor<16x16xf32>
  return %a0, %a1, %a2, %a3 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}
"""


def _layers(n: int) -> str:
    lines, h = [], "%x"
    for i in range(n // 2):
        lines.append(
            f"  %d{i} = stablehlo.dot_general {h}, %w, contracting_dims = [1] x [0] : "
            "(tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>"
        )
        lines.append(f"  %h{i + 1} = stablehlo.add %d{i}, %v : tensor<16x16xf32>")
        h = f"%h{i + 1}"
    body = "".join(line + "\n" for line in lines)
    return _LAYERS.replace("LAYERS", body).replace("RESULT", h)


def _remembering(monkeypatch, memo: bool) -> list:
    """Every StepMemo made from now on (remembering steps only if `memo`)."""
    made = []
    init = step_memo.StepMemo.__init__

    def remembering(self, graph, opts):
        init(self, graph, opts)
        self.on = self.on and memo
        made.append(self)

    monkeypatch.setattr(step_memo.StepMemo, "__init__", remembering)
    return made


def _propagated(text: str, memo: bool, monkeypatch, **options) -> tuple[str, int]:
    """(the propagated module, the steps remembered)."""
    made = _remembering(monkeypatch, memo)
    with make_context():
        module = ir.Module.parse(text)
        propagate(module, **options)
        assert module.operation.verify()
        out = str(module)
    monkeypatch.undo()
    return out, sum(m.hits for m in made)


@pytest.mark.parametrize("conflicts", ["auto", "cost"])
@pytest.mark.parametrize(
    "text",
    [_layers(16), programs.add_dot_transpose_module(60), _ALIKE_BUT],
    ids=["layers", "add-dot-transpose", "alike-but"],
)
def test_remembered_steps_propagate_as_fresh_ones(text, conflicts, monkeypatch):
    fresh, none = _propagated(text, False, monkeypatch, conflicts=conflicts)
    remembered, hits = _propagated(text, True, monkeypatch, conflicts=conflicts)
    assert none == 0 and hits > (0 if text is _ALIKE_BUT else 20)
    assert remembered == fresh


def _blocked(memo: bool, monkeypatch) -> int:
    made = _remembering(monkeypatch, memo)
    with make_context():
        module = ir.Module.parse(programs.add_dot_transpose_module(30))
        graph = build_graph(module.operation)
        auto.propagate_graph(graph, Options())
    monkeypatch.undo()
    assert any(m.hits for m in made) == memo
    return graph.blocked


def test_the_counters_auto_reads_are_replayed_too(monkeypatch):
    """A remembered step adds what it added to `blocked` (auto decides from it)."""
    assert _blocked(True, monkeypatch) == _blocked(False, monkeypatch) > 0


def test_shardy_compatible_mode_steps_as_ever():
    with make_context():
        module = ir.Module.parse(_layers(8))
        graph = build_graph(module.operation, static_only=True)
        assert not step_memo.StepMemo(graph, Options(conflicts="shardy")).on
        assert not step_memo.StepMemo(graph, Options(track_origins=True)).on
