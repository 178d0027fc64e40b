// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 23b: Shardy's basic strategy shards a factor no further than every tensor of the op
// can hold it, also where the factor shares a dim with others in a tensor: an axis that tensor
// replicates (`replicated=`) cuts the factor for every tensor (a batch group count's group
// factor, a custom rule's merged dim; sweep convolution 17004).

// CHECK-LABEL: func.func {{(private )?}}@batch_group_factor_replicated_in_the_kernel(
// CHECK-SAME: %arg0: tensor<4x16x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"c"}, {"d"}]>}, %arg1: tensor<1x3x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {?}, {?}], replicated={"a"}>}) -> (tensor<2x16x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"c", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"c", ?}, {?}]>]>} : (tensor<4x16x8x1xf32>, tensor<1x3x1x8xf32>) -> tensor<2x16x6x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>
func.func @batch_group_factor_replicated_in_the_kernel(%arg0: tensor<4x16x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"c"}, {"d"}]>}, %arg1: tensor<1x3x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {?}, {?}], replicated={"a"}>}) -> (tensor<2x16x6x8xf32>) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x16x8x1xf32>, tensor<1x3x1x8xf32>) -> tensor<2x16x6x8xf32>
  return %0 : tensor<2x16x6x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_merged_dim_replicates_the_axis(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}], replicated={"a"}>}) -> tensor<8x4xf32> {
// CHECK: %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [ik])->([i, j]) {i=8, j=4, k=4}, custom>} : (tensor<8x4xf32>, tensor<32xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @custom_rule_merged_dim_replicates_the_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}], replicated={"a"}>}) -> (tensor<8x4xf32>) {
  %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [ik])->([i, j]) {i=8, j=4, k=4}, custom>} : (tensor<8x4xf32>, tensor<32xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
