// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep with the op's results sharded too, seeds 9000-9029).

// A factor's source is the first tensor holding its most sharded claim: j's (%arg0, "a")
// comes before i's (%arg1, "c", "a"), so j takes "a" and i only "c" (concatenate 9021; the
// concatenated dim's need-replication factor propagates as any other in Shardy's passes).
// CHECK-LABEL: func.func {{(private )?}}@source_is_most_sharded_claim(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}, {}]>}) -> (tensor<8x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : (tensor<8x2xf32>, tensor<8x8xf32>) -> tensor<8x10xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @source_is_most_sharded_claim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}, {}]>}) -> (tensor<8x10xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x2xf32>, tensor<8x8xf32>) -> tensor<8x10xf32>
  return %0 : tensor<8x10xf32>
}

// -----

// Conflicts resolved per tensor factor by factor: the result's k ("b", "a") reaches %arg0's
// dim 1 before %arg1's size-one "b" for the batch group factor i of %arg0's dim 0
// (convolution 9000).
// CHECK-LABEL: func.func {{(private )?}}@factor_by_factor_across_dims(
// CHECK-SAME: %arg0: tensor<16x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", "a", ?}, {?}]>}, %arg1: tensor<2x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}, {"b", ?}], replicated={"a"}>}) -> (tensor<8x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", ?}, {"b", "a", ?}, {?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=4, "d"=2]>
func.func @factor_by_factor_across_dims(%arg0: tensor<16x4x1xf32>, %arg1: tensor<2x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}, {"b", ?}], replicated={"a"}>}) -> tensor<8x3x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b", "a", ?}, {}]>]>} : (tensor<16x4x1xf32>, tensor<2x1x4xf32>) -> tensor<8x3x4xf32>
  return %0 : tensor<8x3x4xf32>
}

// -----

// The result's "a" for j goes into %arg0's dim 0 ([ij]) in Shardy's projection though the dim
// cannot show it (i is unsharded); %arg0 then keeps it from the input feature factor, which
// %arg1 shards "a", "b" (convolution 9006).
// CHECK-LABEL: func.func {{(private )?}}@unshown_factor_axes_still_taken(
// CHECK-SAME: %arg0: tensor<8x16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {?}]>}, %arg1: tensor<3x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"a", "b", ?}, {}]>}) -> (tensor<4x14x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) {
sdy.mesh @mesh = <["a"=8, "b"=2, "c"=2, "d"=1]>
func.func @unshown_factor_axes_still_taken(%arg0: tensor<8x16x1xf32>, %arg1: tensor<3x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"a", "b", ?}, {}]>}) -> tensor<4x14x8xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b"}, {}], replicated={"c"}>]>} : (tensor<8x16x1xf32>, tensor<3x1x8xf32>) -> tensor<4x14x8xf32>
  return %0 : tensor<4x14x8xf32>
}
