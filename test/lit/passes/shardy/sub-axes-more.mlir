// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Sub-axes as Shardy's factor projections make them: reshapes that split an axis across dims
// or merge sub-axes, factors that do not divide, dims too small for an axis, size-one axes.

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_dim_major_sub_axis(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_dim_major_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_dim_three_ways(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>]>} : (tensor<64xf32>) -> tensor<2x4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_dim_three_ways(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_dims_with_sub_axes(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<2x8xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_dims_with_sub_axes(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> tensor<16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_dims_major_not_full(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_dims_major_not_full(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_minor_non_divisible(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_minor_non_divisible(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_non_divisible(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}]>]>} : (tensor<24xf32>) -> tensor<6x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_non_divisible(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<6x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<24xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_split(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_backward_split(%arg0: tensor<32xf32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_sub_axis_result(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_backward_sub_axis_result(%arg0: tensor<32xf32>) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dim_too_small_takes_sub_axis(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, ?}, {?}]>]>} : (tensor<16x8xf32>) -> tensor<4x4x8xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<4x4x8xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @dim_too_small_takes_sub_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.reshape %0 : (tensor<16x8xf32>) -> tensor<4x4x8xf32>
  %2 = stablehlo.reshape %1 : (tensor<4x4x8xf32>) -> tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_to_smaller_dims(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>]>} : (tensor<16xf32>) -> tensor<2x2x4xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @reshape_to_smaller_dims(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_in_reshape(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c":(1)2, ?}, {"c":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c":(1)2, ?}, {"c":(2)2, ?}]>]>} : (tensor<16xf32>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=4]>
func.func @size_one_axis_in_reshape(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axes_merge_in_elementwise(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axes_merge_in_elementwise(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axes_conflicting_prefix(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axes_conflicting_prefix(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_in_dot(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}, {?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}]>]>} : (tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_in_dot(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}, %arg1: tensor<16x8xf32>) -> tensor<2x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_then_transpose_sub_axes(
// CHECK-SAME: %arg0: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<4x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<32x4xf32>) -> tensor<4x8x4xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [0, 2, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"b", ?}]>]>} : (tensor<4x8x4xf32>) -> tensor<4x4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_then_transpose_sub_axes(%arg0: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<4x4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32x4xf32>) -> tensor<4x8x4xf32>
  %1 = stablehlo.transpose %0, dims = [0, 2, 1] : (tensor<4x8x4xf32>) -> tensor<4x4x8xf32>
  return %1 : tensor<4x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_round_trip(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>]>} : (tensor<8x4xf32>) -> tensor<2x4x4xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : (tensor<2x4x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_round_trip(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<2x4x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<2x4x4xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_expand_and_collapse(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<4x6xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_expand_and_collapse(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_both_sides_sharded(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_both_sides_sharded(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_sub_axis_of_second_axis(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2, ?}, {"b":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b":(1)2, ?}, {"b":(2)2, ?}]>]>} : (tensor<8xf32>) -> tensor<4x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshape_sub_axis_of_second_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_from_func_result(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}, {?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, ?}]>]>} : (tensor<4x4xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_from_func_result(%arg0: tensor<4x4xf32>) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_split_twice(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)4, ?}]>]>} : (tensor<64xf32>) -> tensor<4x16xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)4, ?}]>]>} : (tensor<4x16xf32>) -> tensor<2x2x16xf32>
sdy.mesh @mesh = <["a"=16]>
func.func @sub_axis_split_twice(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x2x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.reshape %0 : (tensor<4x16xf32>) -> tensor<2x2x16xf32>
  return %1 : tensor<2x2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_dim_too_small(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<2xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @broadcast_dim_too_small(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_to_dim_smaller_than_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:2, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice_to_dim_smaller_than_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.slice %arg0 [0:2, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
