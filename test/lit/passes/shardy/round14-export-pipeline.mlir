// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): the sharding Shardy's export
// computes a disagreeing concatenate in picks each dim's heaviest axes; an axis two dims pick
// stays in the dim whose pick weighs more, on a tie the later dim (meshjit kept it in both: a
// sharding holding "b" twice, which failed to verify), and the other dim may then take the
// concatenated dim's axes.

// CHECK-LABEL: func.func {{(private )?}}@concat_axis_picked_twice_tie_operands_later_dim(
// CHECK-SAME: %arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c"}, {}, {}, {"b"}]> : tensor<12x8x16x2xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"c"}, {}, {}, {"b"}]> : tensor<12x8x16x2xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}, {}, {"b"}]>]>} : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {}, {"c"}, {}]> : tensor<12x8x32x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @concat_axis_picked_twice_tie_operands_later_dim(%arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
  return %0 : tensor<12x8x32x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concat_axis_picked_twice_heavier_dim(
// CHECK-SAME: %arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"c"}, {}, {}]> : tensor<12x8x16x2xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"b"}, {"c"}, {}, {}]> : tensor<12x8x16x2xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}, {}, {}]>]>} : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {}, {"c"}, {}]> : tensor<12x8x32x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @concat_axis_picked_twice_heavier_dim(%arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
  return %0 : tensor<12x8x32x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concat_axis_picked_twice_tie_result_later_dim(
// CHECK-SAME: %arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c"}, {}, {}, {"b"}]> : tensor<12x8x16x2xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"c"}, {}, {}, {"b"}]> : tensor<12x8x16x2xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}, {}, {"b"}]>]>} : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {}, {"c"}, {"b"}]> : tensor<12x8x32x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @concat_axis_picked_twice_tie_result_later_dim(%arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}, {}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}, {"b"}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
  return %0 : tensor<12x8x32x2xf32>
}
