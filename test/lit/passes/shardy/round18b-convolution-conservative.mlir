// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep): Shardy's conservative rule of a convolution gives every spatial
// dim a size-one factor of its own, so a window's reduction factor carries nothing to the
// kernel either (meshjit blocked only the permutation factors; convolution seeds 33, 35).

// CHECK-LABEL: func.func {{(private )?}}@conservative_windows_carry_nothing(
// CHECK-SAME: %arg0: tensor<8x4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a", ?}p2, {?}]>}, %arg1: tensor<3x3x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {}, {}]>}) -> tensor<8x2x2x2xf32> {
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @conservative_windows_carry_nothing(%arg0: tensor<8x4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a", ?}p2, {?}]>}, %arg1: tensor<3x3x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {}, {}]>}) -> tensor<8x2x2x2xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<8x2x2x2xf32>
  return %0 : tensor<8x2x2x2xf32>
}
