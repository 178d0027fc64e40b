// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 12: cases reconstructed from Shardy's conservative-propagation tests (sdy-aggressive-propagate{conservative-propagation=true}): no axis split into sub-axes in reshapes, slices, broadcasts and dots; sub-axes already in the input kept.

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_no_sub_axes(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x8xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_no_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_whole_axes_conservative(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_whole_axes_conservative(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_dim_smaller_conservative(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:2, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice_dim_smaller_conservative(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.slice %arg0 [0:2, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_small_dim_conservative(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<2xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @broadcast_small_dim_conservative(%arg0: tensor<2xf32>, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_no_split(
// CHECK-SAME: %arg0: tensor<32xf32>) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_backward_no_split(%arg0: tensor<32xf32>) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_in_input_conservative(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}) -> tensor<4x4xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_in_input_conservative(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_dim_too_small_conservative(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<2x8xf32> {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : (tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_dim_too_small_conservative(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<16x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.dot_general %0, %arg2, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
