// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 24b: under conservative propagation Shardy's convolution rule is another: the batch and
// feature factors, then a size-one factor per spatial dim (the lhs's, the kernel's, the
// output's). A result's axes on a spatial dim then overflow a size-one factor and count for
// nothing in the tensor's sharded size, which orders the factors' conflicts: here the kernel's
// "b" on the input feature goes first and reaches %arg0, where the result's batch factor
// claims "a" with "b" overflowing (sweep convolution 18008).
// CHECK-LABEL: func.func {{(private )?}}@spatial_axes_count_for_nothing(
// CHECK-SAME: %arg0: tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"b", ?}]>}, %arg1: tensor<2x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}, {?}]>}) -> (tensor<2x7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c", ?}, {}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @spatial_axes_count_for_nothing(%arg0: tensor<4x8x2xf32>, %arg1: tensor<2x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}, {?}]>}) -> (tensor<2x7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {}]>}) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c", ?}, {}]>]>} : (tensor<4x8x2xf32>, tensor<2x2x4xf32>) -> tensor<2x7x4xf32>
  return %0 : tensor<2x7x4xf32>
}
