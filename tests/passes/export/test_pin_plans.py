"""passes/export/pin_plans.py: a dot / convolution plan is pinned with `sdy.reshard`s only where
the reshard's sharding verifies (op sweep seed 29600: plans sharding an axis an operand holds
unreduced made the exported module fail the verifier)."""

from __future__ import annotations

import re

import pytest
from jaxlib.mlir import ir

from meshjit.dialects import make_context
from meshjit.passes import propagate

_DOT = """
sdy.mesh @mesh = <["a"=8, "b"=2, "c"=8]>
func.func @main(%arg0: tensor<12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>},
                %arg1: tensor<12x4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}p2, {"b"}], unreduced={"c"}>})
    -> tensor<12xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 0] x [1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, "c":(1)4}p0]>]>} : (tensor<12x4xf32>, tensor<12x4x12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}
"""

_CONVOLUTION = """
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=4, "d"=4]>
func.func @main(%arg0: tensor<4x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"d":(2)2}p2, {?}], replicated={"b"}, unreduced={"a"}>},
                %arg1: tensor<2x1x4x4xf32>)
    -> (tensor<2x3x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", "c":(1)2, ?}, {}, {"a"}]>}) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x4x8x4xf32>, tensor<2x1x4x4xf32>) -> tensor<2x3x8x4xf32>
  return %0 : tensor<2x3x8x4xf32>
}
"""


@pytest.mark.parametrize("text", [_DOT, _CONVOLUTION], ids=["dot", "convolution"])
def test_no_plan_shards_an_axis_its_operand_holds_unreduced(text):
    with make_context():
        module = ir.Module.parse(text)
        propagate(module)
        assert module.operation.verify()
        out = str(module)
    for sharding in re.findall(r"sdy\.reshard %\S+ (<@mesh, .*?>) :", out):
        dims, _, unreduced = sharding.partition("unreduced=")
        for name in re.findall(r'"(\w+)"', unreduced):
            assert f'"{name}"' not in dims, sharding
