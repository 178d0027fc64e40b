// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 26b: sub-axes under the basic strategy. A minor-most factor that the rest of the axis
// does not divide (3) still takes it: 6 -> 2x3 with "a"=4.
// CHECK-LABEL: func.func {{(private )?}}@minor_most_not_divided(
// CHECK-SAME: %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK: return %0 : tensor<2x3xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @minor_most_not_divided(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x3xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An axis overflowing a dim of several factors on the other side: 2x3 <- 6 with "a"=4 on the
// 2x3's minor dim only; the merged dim takes nothing (the major factor is not full).
// CHECK-LABEL: func.func {{(private )?}}@overflow_minor(
// CHECK-SAME: %arg0: tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<6xf32> {
// CHECK: %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: return %0 : tensor<6xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @overflow_minor(%arg0: tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// Sub-axes that conflict between two operands of a dot's batch factor: the common prefix
// ("a":(1)2) goes on.
// CHECK-LABEL: func.func {{(private )?}}@dot_sub_axis_prefix(
// CHECK-SAME: %arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b"}, {}, {}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}, {?}]>]>} : (tensor<8x4x16xf32>, tensor<8x16x4xf32>) -> tensor<8x4x4xf32>
// CHECK: return %0 : tensor<8x4x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_sub_axis_prefix(%arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b"}, {}, {}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> tensor<8x4x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x16xf32>, tensor<8x16x4xf32>) -> tensor<8x4x4xf32>
  return %0 : tensor<8x4x4xf32>
}

// -----

// A size-one axis between sub-axes crosses a transpose as it is.
// CHECK-LABEL: func.func {{(private )?}}@size_one_between_sub_axes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "x", "a":(2)2}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2, "x", "a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a":(1)2, "x", "a":(2)2, ?}]>]>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
// CHECK: return %0 : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "x"=1]>
func.func @size_one_between_sub_axes(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "x", "a":(2)2}, {}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Sub-axes of one axis taken by two factors of a broadcast's result: the operand's dim takes
// the piece of its own factor only.
// CHECK-LABEL: func.func {{(private )?}}@broadcast_sub_axes(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)4, ?}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : (tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: return %0 : tensor<2x4xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @broadcast_sub_axes(%arg0: tensor<4xf32>) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}]>}) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
