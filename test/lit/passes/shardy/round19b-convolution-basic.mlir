// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep, convolution seeds 5016-5026): the basic strategy cuts a factor
// where a tensor's closed dim cannot take it, also in a dim of several factors (a grouped
// convolution's feature dims [kl] / [km]); meshjit checked closed dims of one factor only, so
// the lhs feature group "a" reached the result past the kernel's closed output dim.

// CHECK-LABEL: func.func {{(private )?}}@grouped_closed_kernel_feature(
// CHECK-SAME: %arg0: tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b", ?}]>}, %arg1: tensor<3x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {}]>}) -> tensor<4x2x4xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @grouped_closed_kernel_feature(%arg0: tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b", ?}]>}, %arg1: tensor<3x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {}]>}) -> (tensor<4x2x4xf32>) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<4x4x4xf32>, tensor<3x2x4xf32>) -> tensor<4x2x4xf32>
  return %0 : tensor<4x2x4xf32>
}

// -----

// The kernel's output dim open: the group factor reaches the result.
// CHECK-LABEL: func.func {{(private )?}}@grouped_open_kernel_feature(
// CHECK-SAME: %arg0: tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b", ?}]>}, %arg1: tensor<3x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {"a", ?}]>}) -> (tensor<4x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @grouped_open_kernel_feature(%arg0: tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b", ?}]>}, %arg1: tensor<3x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {?}]>}) -> (tensor<4x2x4xf32>) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<4x4x4xf32>, tensor<3x2x4xf32>) -> tensor<4x2x4xf32>
  return %0 : tensor<4x2x4xf32>
}
