// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 22b: Shardy's aggressive strategy takes factors in the order of their source tensors;
// a factor's source is the tensor holding its most sharded claim, of claims sharding as much
// the longer one (a size-one axis after them extends them): here the concatenated dim's source
// is %arg1, so the other dim's factor (source %arg0) goes first and keeps "d" (sweep
// concatenate 15073).

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_makes_the_later_source(
// CHECK-SAME: %arg0: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"d"}, {}]>}, %arg1: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d"}, {}, {}]>}) -> (tensor<16x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"d", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"d", ?}, {?}]>]>} : (tensor<8x4x6xf32>, tensor<8x4x6xf32>) -> tensor<16x4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "d"=1]>
func.func @size_one_axis_makes_the_later_source(%arg0: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"d"}, {}]>}, %arg1: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d"}, {}, {}]>}) -> (tensor<16x4x6xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<8x4x6xf32>, tensor<8x4x6xf32>) -> tensor<16x4x6xf32>
  return %0 : tensor<16x4x6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@more_sharded_claim_makes_the_later_source(
// CHECK-SAME: %arg0: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"d"}, {}]>}, %arg1: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d"}, {}, {}]>}) -> (tensor<16x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"d", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"d", ?}, {?}]>]>} : (tensor<8x4x6xf32>, tensor<8x4x6xf32>) -> tensor<16x4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "d"=2]>
func.func @more_sharded_claim_makes_the_later_source(%arg0: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"d"}, {}]>}, %arg1: tensor<8x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d"}, {}, {}]>}) -> (tensor<16x4x6xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<8x4x6xf32>, tensor<8x4x6xf32>) -> tensor<16x4x6xf32>
  return %0 : tensor<16x4x6xf32>
}
