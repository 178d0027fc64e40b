// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep, tests/support/op_sweep.py): the sharding Shardy's export gives a
// concatenate whose operands and result disagree. Each dim's candidate axes are picked
// heaviest first over all dims, the concatenated dim's too (a dim whose heaviest axes a
// heavier pick holds takes its next ones), and the concatenated dim's picked axes then move
// to other dims only up to the first that fits none. meshjit picked per dim, and moved an axis
// after one that fit nowhere (concatenate seeds 9, 22).

// CHECK-LABEL: func.func {{(private )?}}@moved_axes_stop_at_the_first_that_fits_nowhere(
// CHECK-SAME: %arg0: tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b":(2)2}, {"b":(1)2}]>}, %arg1: tensor<12x8xf32>, %arg2: tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<12x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"d"}, {}]> : tensor<12x2xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"d"}, {}]> : tensor<12x8xf32>
// CHECK: %2 = sdy.reshard %arg2 <@mesh, [{"d"}, {}]> : tensor<12x2xf32>
// CHECK: %3 = stablehlo.concatenate %0, %1, %2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {}]>]>} : (tensor<12x2xf32>, tensor<12x8xf32>, tensor<12x2xf32>) -> tensor<12x12xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"d"}, {"a", "c"}]> : tensor<12x12xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=2, "d"=2]>
func.func @moved_axes_stop_at_the_first_that_fits_nowhere(%arg0: tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b":(2)2, "a"}, {"b":(1)2}]>}, %arg1: tensor<12x8xf32>, %arg2: tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", "d", ?}]>}) -> (tensor<12x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"a", "c"}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 : (tensor<12x2xf32>, tensor<12x8xf32>, tensor<12x2xf32>) -> tensor<12x12xf32>
  return %0 : tensor<12x12xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@heavier_concatenated_dim_picks_first(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(2)2, "a":(1)2}]>}, %arg1: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b", "a":(2)2}, {}]> : tensor<4x4xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"b", "a":(2)2}, {}]> : tensor<4x2xf32>
// CHECK: %2 = sdy.reshard %arg2 <@mesh, [{"b", "a":(2)2}, {}]> : tensor<4x2xf32>
// CHECK: %3 = stablehlo.concatenate %0, %1, %2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(2)2}, {}]>]>} : (tensor<4x4xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x8xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{}, {"a":(2)2, "a":(1)2}]> : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @heavier_concatenated_dim_picks_first(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(2)2, "a":(1)2}p1]>}, %arg1: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {}]>}, %arg2: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 : (tensor<4x4xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
