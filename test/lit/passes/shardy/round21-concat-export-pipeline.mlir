// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 21: a concatenate's explicit reshards: a lighter pick that overlaps a heavier one is
// cut to its piece before the heavier one's sub-axis ("c" after "c":(2)2 is "c":(1)2), not
// dropped (sweep concatenate 7052).

// CHECK-LABEL: func.func {{(private )?}}@overlapping_pick_is_cut(
// CHECK-SAME: %arg0: tensor<4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}, %arg1: tensor<4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}) -> (tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", "c":(2)2}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c":(1)2}, {"d", "c":(2)2}, {}]> : tensor<4x4x2xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"c":(1)2}, {"d", "c":(2)2}, {}]> : tensor<4x4x2xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {"d", "c":(2)2}, {}]>]>} : (tensor<4x4x2xf32>, tensor<4x4x2xf32>) -> tensor<4x4x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"d", "c":(2)2}, {}]> : tensor<4x4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4, "d"=2]>
func.func @overlapping_pick_is_cut(%arg0: tensor<4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}, %arg1: tensor<4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}) -> (tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", "c":(2)2}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d", "c":(2)2}, {}]>]>} : (tensor<4x4x2xf32>, tensor<4x4x2xf32>) -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}

// -----

// An unreduced operand is reduced before the op's operands are resharded (sweep concatenate
// 7001).

// CHECK-LABEL: func.func {{(private )?}}@reductions_before_reshards(
// CHECK-SAME: %arg0: tensor<12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d":(2)2}]>}, %arg1: tensor<12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}], unreduced={"a"}>}) -> (tensor<12x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"a"} %arg1 out_sharding=<@mesh, [{}, {"b"}]> : tensor<12x8xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"b"}, {}]> : tensor<12x8xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"b"}, {}]> : tensor<12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<12x8xf32>, tensor<12x8xf32>) -> tensor<12x16xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b"}, {"d"}]> : tensor<12x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "d"=4]>
func.func @reductions_before_reshards(%arg0: tensor<12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d":(2)2}]>}, %arg1: tensor<12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}], unreduced={"a"}>}) -> (tensor<12x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"d"}]>]>} : (tensor<12x8xf32>, tensor<12x8xf32>) -> tensor<12x16xf32>
  return %0 : tensor<12x16xf32>
}
