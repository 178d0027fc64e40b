// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 6: sub-axes: reshapes merging and splitting dims, misaligned dims, sub-axis conflicts and merges, small dims, odd axis sizes, sub-axes through loops, manual computations, dynamic slices and concatenates (aggressive).

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_dims_both_sharded(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_dims_both_sharded(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_major_dim_partially_sharded(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, "b", ?}]>]>} : (tensor<2x16xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_major_dim_partially_sharded(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x16xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_backward_sub_axes(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_backward_sub_axes(%arg0: tensor<32xf32>) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_three_dims_to_one(
// CHECK-SAME: %arg0: tensor<2x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}, {"a":(4)2}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<2x2x2xf32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @reshape_three_dims_to_one(%arg0: tensor<2x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}, {"a":(4)2}]>}) -> tensor<8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x2x2xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_one_to_three_dims(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>]>} : (tensor<8xf32>) -> tensor<2x2x2xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>]>} : tensor<2x2x2xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @reshape_one_to_three_dims(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x2x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x2x2xf32>
  %1 = stablehlo.negate %0 : tensor<2x2x2xf32>
  return %1 : tensor<2x2x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_dims_not_aligned(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}, {?}]>]>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @reshape_dims_not_aligned(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<4x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_elementwise_merge(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_elementwise_merge(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_second_half_conflict(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) -> tensor<16xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_second_half_conflict(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_dot_contracting(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(1)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_dot_contracting(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(1)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dim_size_two_axis_four(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<2x8xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : (tensor<2x8xf32>) -> tensor<8x2xf32>
// CHECK: %2 = stablehlo.transpose %1, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x2xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dim_size_two_axis_four(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<2x8xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x8xf32>) -> tensor<8x2xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
  return %2 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_small_dim_sub_axis(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<2xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @broadcast_small_dim_sub_axis(%arg0: tensor<2xf32>) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_result_smaller_than_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:2, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice_result_smaller_than_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.slice %arg0 [0:2, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.negate %0 : tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_to_small_dim(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<2x16xf32>, tensor<f32>) -> tensor<2xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reduce_to_small_dim(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<2xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x16xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@odd_axis_size(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<48xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<6x8xf32>) -> tensor<48xf32>
sdy.mesh @mesh = <["a"=2, "b"=3]>
func.func @odd_axis_size(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<48xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x8xf32>) -> tensor<48xf32>
  return %0 : tensor<48xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@odd_axis_non_divisible(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=3]>
func.func @odd_axis_non_divisible(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_then_dot_sub_axes(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b", ?}, {?}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
// CHECK: %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}]>]>} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_then_dot_sub_axes(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}, %arg1: tensor<16x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axes_through_while(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> tensor<2x16xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axes_through_while(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> tensor<2x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<2x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.negate %x : tensor<2x16xf32>
    stablehlo.return %i, %2 : tensor<i32>, tensor<2x16xf32>
  }
  return %0#1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_in_manual_free_axes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {?}]>] out_shardings=[<@mesh, [{"b"}, {?}]>] manual_axes={"b"} (%arg1: tensor<4x16xf32>) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_in_manual_free_axes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {?}]>] out_shardings=[<@mesh, [{"b"}, {?}]>] manual_axes={"b"} (%arg1: tensor<4x16xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_sub_axis_other_dim(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}, %arg1: tensor<i32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [8, 16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a":(1)2, ?}]>]>} : (tensor<32x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dynamic_slice_sub_axis_other_dim(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}, %arg1: tensor<i32>) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [8, 16] : (tensor<32x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concat_sub_axis_operands(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @concat_sub_axis_operands(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
