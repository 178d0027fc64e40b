"""The Shardy-fidelity harness survives the inputs known to take jaxlib's Shardy down (a
segfault or an LLVM ERROR would end the whole pytest process): they are reported as errors of
the Shardy side, never run (tests/support/shardy_suite.py, shardy_crash)."""

import pytest

from tests.support import random_sdy

_LOOP_BODY_EDGE = """
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<4xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %e = sdy.data_flow_edge %it : tensor<4xf32>
    %n = stablehlo.negate %e : tensor<4xf32>
    stablehlo.return %n, %i : tensor<4xf32>, tensor<i32>
  }
  return %0#0 : tensor<4xf32>
}
"""

_EDGE_ON_PLAIN_OP = """
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4xf32> {
  %x = stablehlo.abs %arg0 : tensor<4xf32>
  %e = sdy.data_flow_edge %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
"""

_MANUAL_RESULT_EDGE = """
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%m: tensor<4xf32>) {
    %1 = stablehlo.abs %m : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %e = sdy.data_flow_edge %0 : tensor<8xf32>
  return %e : tensor<8xf32>
}
"""

_NO_MAIN = """
sdy.mesh @mesh = <["a"=2]>
func.func private @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @f(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4xf32> {
  %0 = func.call @g(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""

_DECLARATION = """
sdy.mesh @mesh = <["a"=2]>
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
"""

_VALUE_IN_TWO_GROUPS = """
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<4xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<4xf32>
  sdy.sharding_group %arg0 group_id=1 : tensor<4xf32>
  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (_LOOP_BODY_EDGE, "reads no data-flow op's result"),
        (_EDGE_ON_PLAIN_OP, "reads no data-flow op's result"),
        (_MANUAL_RESULT_EDGE, "without a sharding reads a manual computation's result"),
        (_NO_MAIN, "without @main"),
        (_DECLARATION, "a function declaration"),
        (_VALUE_IN_TWO_GROUPS, "a value in sharding groups 0 and 1"),
    ],
    ids=[
        "loop-body-edge",
        "edge-on-plain-op",
        "manual-result-edge",
        "no-main",
        "declaration",
        "value-in-two-groups",
    ],
)
def test_crashing_input_reported(text, why):
    differing, error = random_sdy.differences(
        text, "sdy-aggressive-propagate", "meshjit-propagate{shardy-compatible=true}"
    )
    assert differing == []
    assert error is not None and error.startswith("shardy: ") and why in error
