// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26b: sub-axes through Shardy's whole pipeline. An axis split across two dims by a
// reshape, an element-wise op, and the reshape back: the pieces merge into "a" again.
// CHECK-LABEL: func.func {{(private )?}}@split_step_merge(
// CHECK-SAME: %arg0: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4}, {"a":(4)2}, {"b"}]>]>} : (tensor<32x2xf32>) -> tensor<4x8x2xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4}, {"a":(4)2}, {"b"}]>]>} : tensor<4x8x2xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<4x8x2xf32>) -> tensor<32x2xf32>
// CHECK: return %2 : tensor<32x2xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @split_step_merge(%arg0: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32x2xf32>) -> tensor<4x8x2xf32>
  %1 = stablehlo.exponential %0 : tensor<4x8x2xf32>
  %2 = stablehlo.reshape %1 : (tensor<4x8x2xf32>) -> tensor<32x2xf32>
  return %2 : tensor<32x2xf32>
}

// -----

// Sub-axes of one axis on two dims of an argument ("a":(1)4 and "a":(4)2) merge on the
// merged dim of the reshape.
// CHECK-LABEL: func.func {{(private )?}}@sub_axes_on_two_dims(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4}, {"a":(4)2}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<32xf32>
// CHECK: return %1 : tensor<32xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @sub_axes_on_two_dims(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4}, {"a":(4)2}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  %1 = stablehlo.negate %0 : tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// The minor sub-axis alone ("a":(4)2 on the minor dim, the major dim replicated): the merged
// dim cannot show it (a strided shard), nothing crosses the reshape.
// CHECK-LABEL: func.func {{(private )?}}@minor_sub_axis_alone(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(4)2}]>}) -> tensor<32xf32> {
// CHECK: %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK: return %0 : tensor<32xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @minor_sub_axis_alone(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(4)2}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// Two axes split over three dims: 64 -> 2x4x8 with ["a"=4, "b"=4]; the func result holds no
// sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@two_axes_three_dims(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2, "b":(1)2}, {"b":(2)2}]>]>} : (tensor<64xf32>) -> tensor<2x4x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2, "b":(1)2}, {"b":(2)2}]>]>} : tensor<2x4x8xf32>
// CHECK: return %1 : tensor<2x4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @two_axes_three_dims(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<2x4x8xf32>
  %1 = stablehlo.abs %0 : tensor<2x4x8xf32>
  return %1 : tensor<2x4x8xf32>
}

// -----

// A func result's "b" meets an argument's sub-axes of "a" at a reshape: the reshape takes "b"
// and then the minor sub-axis, as Shardy.
// CHECK-LABEL: func.func {{(private )?}}@result_wants_whole_axis(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(2)2}]>]>} : (tensor<2x8xf32>) -> tensor<16xf32>
// CHECK: return %0 : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @result_wants_whole_axis(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
