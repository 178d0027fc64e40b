// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 8: axes (after Shardy's sub-axes and priority tests): sub-axes first, last and in the middle of a dim, one axis's sub-axes in two dims, reshapes merging and splitting axes into sub-axes, a dim too small for an axis, open and closed dims, replicated axes and sub-axes, priorities p0..p3 on arguments, ops and constraints, per dim.

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_first_in_dim(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}, {}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, "y", ?}, {?}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @sub_axis_first_in_dim(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}, {}]>}) -> tensor<16x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_last_in_dim(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2}, {?}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", "x":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", "x":(1)2, ?}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @sub_axis_last_in_dim(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2}, {?}]>}) -> tensor<16x16xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axes_of_one_axis_in_two_dims(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)4}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}, {"x":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}, {"x":(2)4, ?}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @sub_axes_of_one_axis_in_two_dims(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)4}]>}) -> tensor<16x16xf32> {
  %0 = stablehlo.abs %arg0 : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_middle_of_three(
// CHECK-SAME: %arg0: tensor<64x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, "x":(2)2, "y":(2)2}, {}]>}) -> (tensor<64x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, "x":(2)2, "y":(2)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y":(1)2, "x":(2)2, "y":(2)2, ?}, {?}]>]>} : tensor<64x4xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @sub_axis_middle_of_three(%arg0: tensor<64x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, "x":(2)2, "y":(2)2}, {}]>}) -> tensor<64x4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<64x4xf32>
  return %0 : tensor<64x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_sub_axes(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}, {"x":(4)2}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @reshape_merge_sub_axes(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}, {"x":(4)2}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_into_sub_axes(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}, {"x":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}, {"x":(2)4, ?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @reshape_split_into_sub_axes(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<2x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_two_axes(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2, ?}, {"x":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x":(1)2, ?}, {"x":(2)4, ?}]>]>} : (tensor<64xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @reshape_split_two_axes(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_from_sub_axes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y":(1)2, ?}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y":(1)2}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y":(1)2, ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @reshape_backward_from_sub_axes(%arg0: tensor<8x4xf32>) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y":(1)2}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dim_too_small_takes_sub_axis(
// CHECK-SAME: %arg0: tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x"}]>}) -> (tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4, ?}, {"x":(4)2, ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : (tensor<4x32xf32>) -> tensor<32x4xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)4, ?}, {"x":(4)2, ?}]>]>} : (tensor<32x4xf32>) -> tensor<4x32xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @dim_too_small_takes_sub_axis(%arg0: tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x"}]>}) -> tensor<4x32xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x32xf32>) -> tensor<32x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<32x4xf32>) -> tensor<4x32xf32>
  return %1 : tensor<4x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@open_and_closed_dims_mixed(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @open_and_closed_dims_mixed(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@open_dim_extends_after_axis(
// CHECK-SAME: %arg0: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y", ?}, {?}]>}, %arg1: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y", ?}, {?}]>]>} : tensor<64x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @open_dim_extends_after_axis(%arg0: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}, %arg1: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<64x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@closed_dim_does_not_extend(
// CHECK-SAME: %arg0: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {?}]>}, %arg1: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y", ?}, {?}]>]>} : tensor<64x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @closed_dim_does_not_extend(%arg0: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {?}]>}, %arg1: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<64x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@replicated_axis_blocks(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"y"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @replicated_axis_blocks(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"y"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}, {"y", ?}], replicated={"x":(2)4}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}, {"y", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}, {"y", ?}]>}) {
// CHECK: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}, {"y", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @replicated_sub_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}, {?}], replicated={"x":(2)4}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priorities_p0_to_p3(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p3, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {"x", ?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", ?}p1]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"x", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"x", ?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"y", ?}p0]> : tensor<8x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @priorities_p0_to_p3(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p3, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p2, {?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", ?}p1]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.multiply %0, %arg2 : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"y", ?}p0]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priority_on_op_and_constraint(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p1, {"y", ?}p2]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x", ?}p0, {?}]> : tensor<16x8xf32>
// CHECK: %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @priority_on_op_and_constraint(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p1, {"y", ?}p2]>]>} : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x", ?}p0, {?}]> : tensor<16x8xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@different_priorities_per_dim(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {"y", ?}p2]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1, {"x", ?}p1]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @different_priorities_per_dim(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {"y", ?}p2]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1, {"x", ?}p1]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_with_priority(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}p1, {?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p0, {?}]>}) -> tensor<16x8xf32> {
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @sub_axis_with_priority(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}p1, {?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p0, {?}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.subtract %arg0, %arg1 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@size_one_dim_and_sub_axes(
// CHECK-SAME: %arg0: tensor<1x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", "y":(1)2}]>}) -> (tensor<32x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y":(1)2, ?}, {?}]>]>} : (tensor<1x32xf32>) -> tensor<32x1xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @size_one_dim_and_sub_axes(%arg0: tensor<1x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", "y":(1)2}]>}) -> tensor<32x1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1x32xf32>) -> tensor<32x1xf32>
  return %0 : tensor<32x1xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_sub_axes_on_contracting(
// CHECK-SAME: %arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x":(1)4}]>}, %arg1: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(4)2}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {"x":(4)2, ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}, {"x":(4)2, ?}]>]>} : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["x"=8, "y"=4]>
func.func @dot_sub_axes_on_contracting(%arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x":(1)4}]>}, %arg1: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(4)2}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
