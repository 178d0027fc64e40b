// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 42a: hand-written Shardy-style cases of session 42 (issue 19), one category per group of
// cases (named in the comment above each); all agreed with jaxlib's Shardy when written (the
// same inputs under the basic, aggressive and priority passes agreed too).

// Category: conservative propagation on slices/reshapes.
// CHECK-LABEL: func.func {{(private )?}}@slice_odd_size(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:6, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<16x8xf32>) -> tensor<6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice_odd_size(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<6x8xf32> {
  %0 = stablehlo.slice %arg0 [0:6, 0:8] : (tensor<16x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// Category: conservative propagation on slices/reshapes.
// CHECK-LABEL: func.func {{(private )?}}@reshape_split_needs_sub_axis(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<2x16xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_needs_sub_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<2x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// Category: conservative propagation on slices/reshapes.
// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_whole_axes(
// CHECK-SAME: %arg0: tensor<4x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : (tensor<4x2x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_whole_axes(%arg0: tensor<4x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x2x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Category: conservative propagation on slices/reshapes.
// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_sub_axis(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_backward_sub_axis(%arg0: tensor<32xf32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Category: conservative propagation on slices/reshapes.
// CHECK-LABEL: func.func {{(private )?}}@pad_then_slice(
// CHECK-SAME: %arg0: tensor<14x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @pad_then_slice(%arg0: tensor<14x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<14x8xf32>, tensor<f32>) -> tensor<16x8xf32>
  %1 = stablehlo.slice %0 [4:12, 0:8] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// Category: conservative propagation on slices/reshapes.
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_input_passes_whole(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> tensor<48xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_input_passes_whole(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> tensor<48xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x6xf32>
  %1 = stablehlo.reshape %0 : (tensor<8x6xf32>) -> tensor<48xf32>
  return %1 : tensor<48xf32>
}
