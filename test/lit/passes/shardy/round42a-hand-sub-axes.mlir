// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 42a: hand-written Shardy-style cases of session 42 (issue 19), one category per group of
// cases (named in the comment above each); all agreed with jaxlib's Shardy when written (the
// same inputs under the basic, aggressive and priority passes agreed too).

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@split_overflow_minor(
// CHECK-SAME: %arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : (tensor<12xf32>) -> tensor<2x6xf32>
sdy.mesh @mesh = <["a"=8, "b"=3]>
func.func @split_overflow_minor(%arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@merge_back_sub_axes(
// CHECK-SAME: %arg0: tensor<2x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}, {"b"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<2x4x3xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=8, "b"=3]>
func.func @merge_back_sub_axes(%arg0: tensor<2x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}, {"b"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x4x3xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {"a":(4)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<8x6xf32>) -> tensor<48xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, "b", ?}]>]>} : (tensor<48xf32>) -> tensor<4x12xf32>
sdy.mesh @mesh = <["a"=8, "b"=3]>
func.func @size_one_axis(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<4x12xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x6xf32>) -> tensor<48xf32>
  %1 = stablehlo.reshape %0 : (tensor<48xf32>) -> tensor<4x12xf32>
  return %1 : tensor<4x12xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@backward_split(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {"a":(2)4, ?}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=8, "b"=3]>
func.func @backward_split(%arg0: tensor<6x4xf32>) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@gcd_sub_axis(
// CHECK-SAME: %arg0: tensor<36xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<4x9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}, {?}]>]>} : (tensor<36xf32>) -> tensor<4x9xf32>
sdy.mesh @mesh = <["a"=4, "b"=6]>
func.func @gcd_sub_axis(%arg0: tensor<36xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<4x9xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<36xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@sub_axes_transpose_reshape(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2}]>}) -> tensor<3x8xf32> {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}, {"a", ?}]>]>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=6]>
func.func @sub_axes_transpose_reshape(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2}]>}) -> tensor<3x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<6x4xf32>) -> tensor<24xf32>
  %2 = stablehlo.reshape %1 : (tensor<24xf32>) -> tensor<3x8xf32>
  return %2 : tensor<3x8xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@two_sub_axes_meet_in_add(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @two_sub_axes_meet_in_add(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Category: sub-axes in reshapes.
// CHECK-LABEL: func.func {{(private )?}}@reshape_expand_size_one_dims(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}, {?}]>]>} : (tensor<8xf32>) -> tensor<1x8x1xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<1x8x1xf32>) -> tensor<2x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_expand_size_one_dims(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<1x8x1xf32>
  %1 = stablehlo.reshape %0 : (tensor<1x8x1xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
