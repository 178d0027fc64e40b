// RUN: meshjit-opt %s -split-input-file --meshjit-prepare-for-xla | FileCheck %s

// The module as XLA receives it: an sdy.reshard (which XLA's import rejects) becomes a sharding
// constraint to the same layout, and each op result's sharding is restated as a constraint.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @reshard
// CHECK-NOT: sdy.reshard
// CHECK: %[[R:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{}, {"y"}]>
// CHECK: %[[ADD:.*]] = stablehlo.add %[[R]], %[[R]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[ADD]] <@mesh, [{}, {"y"}]>
// CHECK-NEXT: return %[[PIN]]
func.func @reshard(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// Shardy's export reduces an unreduced value with sdy.all_reduce, which XLA's import also
// rejects: it becomes a constraint to the reduced sharding (XLA inserts the all-reduce).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @all_reduce
// CHECK-NOT: sdy.all_reduce
// CHECK: %[[DOT:.*]] = stablehlo.dot_general
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[DOT]] <@mesh, [{"x"}, {}], unreduced={"y"}>
// CHECK-NEXT: sdy.sharding_constraint %[[PIN]] <@mesh, [{"x"}, {}]> :
func.func @all_reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}], unreduced={"y"}>]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// A scatter indexing a dimension sharded unevenly (6 rows over y=4): XLA's partitioner would
// write into other shards, so that dimension is replicated at the scatter and sharded again
// after it. The even dimension (over x) stays sharded. (The argument, sharded unevenly, is
// first constrained to its own sharding: XLA's import drops its uneven axes.)
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @uneven_scatter
// CHECK: %[[ARG:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{"y"}, {"x"}]>
// CHECK: %[[IN:.*]] = sdy.sharding_constraint %[[ARG]] <@mesh, [{}, {"x"}]>
// CHECK: %[[S:.*]] = "stablehlo.scatter"(%[[IN]],
// CHECK: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[S]] <@mesh, [{}, {"x"}]>
// CHECK-NEXT: %[[HELD:.*]] = sdy.sharding_constraint %[[PIN]] <@mesh, [{}, {"x"}]>
// CHECK-NEXT: %[[BACK:.*]] = sdy.sharding_constraint %[[HELD]] <@mesh, [{"y"}, {"x"}]>
// CHECK-NEXT: return %[[BACK]]
func.func @uneven_scatter(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %arg1: tensor<1xi32>, %arg2: tensor<4xf32>) -> tensor<6x4xf32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : (tensor<6x4xf32>, tensor<1xi32>, tensor<4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// Evenly sharded (8 rows over y=4), the scatter keeps its sharding: only the pin is added.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @even_scatter
// CHECK: %[[S:.*]] = "stablehlo.scatter"(%arg0,
// CHECK: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[S]] <@mesh, [{"y"}, {}]>
// CHECK-NEXT: return %[[PIN]]
func.func @even_scatter(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, %arg1: tensor<1xi32>, %arg2: tensor<4xf32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<8x4xf32>, tensor<1xi32>, tensor<4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A grouped convolution with a size-one window on features sharded over c (the fuzzer's seed
// 90043): XLA's partitioner rejects it or gets it wrong, so the input features and the result
// features are replicated at the convolution and the result sharded again after it.
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK-LABEL: func.func @grouped_pointwise_conv
// CHECK: %[[IN:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{}, {}, {}]>
// CHECK: %[[C:.*]] = stablehlo.convolution(%[[IN]], %arg1)
// CHECK-SAME: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[C]] <@mesh, [{}, {}, {}]>
// CHECK-NEXT: %[[HELD:.*]] = sdy.sharding_constraint %[[PIN]] <@mesh, [{}, {}, {}]>
// CHECK-NEXT: %[[BACK:.*]] = sdy.sharding_constraint %[[HELD]] <@mesh, [{}, {"c"}, {}]>
// CHECK-NEXT: return %[[BACK]]
func.func @grouped_pointwise_conv(%arg0: tensor<1x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {}]>}, %arg1: tensor<2x3x1xf32>) -> tensor<1x2x16xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {}]>]>} : (tensor<1x6x16xf32>, tensor<2x3x1xf32>) -> tensor<1x2x16xf32>
  return %0 : tensor<1x2x16xf32>
}

// -----

// Batch groups with the input features sharded: XLA computes wrong numbers, so they are
// replicated at the convolution (the batch stays sharded over a).
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK-LABEL: func.func @batch_grouped_conv
// CHECK: %[[IN:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}, {}]>
// CHECK: stablehlo.convolution(%[[IN]], %arg1)
// CHECK-SAME: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>
func.func @batch_grouped_conv(%arg0: tensor<4x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}, {}]>}, %arg1: tensor<4x4x3xf32>) -> tensor<2x4x14xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<4x4x16xf32>, tensor<4x4x3xf32>) -> tensor<2x4x14xf32>
  return %0 : tensor<2x4x14xf32>
}

// -----

// A wider window XLA partitions right: the convolution keeps its sharded features (only the
// pin is added).
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK-LABEL: func.func @grouped_wide_conv
// CHECK-NOT: sdy.sharding_constraint %arg0
// CHECK: %[[C:.*]] = stablehlo.convolution(%arg0, %arg1)
// CHECK-SAME: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {}]>]>
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[C]] <@mesh, [{}, {"c"}, {}]>
// CHECK-NEXT: return %[[PIN]]
func.func @grouped_wide_conv(%arg0: tensor<1x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {}]>}, %arg1: tensor<4x4x3xf32>) -> tensor<1x4x14xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {}]>]>} : (tensor<1x8x16xf32>, tensor<4x4x3xf32>) -> tensor<1x4x14xf32>
  return %0 : tensor<1x4x14xf32>
}
