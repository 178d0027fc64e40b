// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 27b: meshes of 3, 6 and 12 devices per axis, sub-axes of them, device ids.
// A mesh of 3 x 2: an axis of 3 on a dim of 6.
// CHECK-LABEL: func.func {{(private )?}}@axis_of_three(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=3, "b"=2]>
func.func @axis_of_three(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// An axis of 6 split by a reshape into 2 x 3 and 3 x 2.
// CHECK-LABEL: func.func {{(private )?}}@axis_of_six_split(
// CHECK-SAME: %arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)3}]>]>} : (tensor<12xf32>) -> tensor<2x6xf32>
// CHECK: %1 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)3}, {"a":(3)2}]>]>} : (tensor<12xf32>) -> tensor<3x4xf32>
// CHECK: %2 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<12xf32>) -> tensor<6x2xf32>
sdy.mesh @mesh = <["a"=6]>
func.func @axis_of_six_split(%arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x6xf32>, tensor<3x4xf32>, tensor<6x2xf32>) {
  %0 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<2x6xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<3x4xf32>
  %2 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<6x2xf32>
  return %0, %1, %2 : tensor<2x6xf32>, tensor<3x4xf32>, tensor<6x2xf32>
}

// -----

// An axis of 12 across a reshape merging 4 x 3 -> 12 and splitting 12 -> 3 x 4.
// CHECK-LABEL: func.func {{(private )?}}@axis_of_twelve(
// CHECK-SAME: %arg0: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4}, {"a":(4)3}]>}, %arg1: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<4x3xf32>) -> tensor<12xf32>
// CHECK: %1 = stablehlo.reshape %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)3}, {"a":(3)4}]>]>} : (tensor<12xf32>) -> tensor<3x4xf32>
sdy.mesh @mesh = <["a"=12]>
func.func @axis_of_twelve(%arg0: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4}, {"a":(4)3}]>}, %arg1: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<12xf32>, tensor<3x4xf32>) {
  %0 = stablehlo.reshape %arg0 : (tensor<4x3xf32>) -> tensor<12xf32>
  %1 = stablehlo.reshape %arg1 : (tensor<12xf32>) -> tensor<3x4xf32>
  return %0, %1 : tensor<12xf32>, tensor<3x4xf32>
}

// -----

// Sub-axes of an axis of 6: "a":(1)2 and "a":(2)3.
// CHECK-LABEL: func.func {{(private )?}}@sub_axes_of_six(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)3}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}]>]>} : (tensor<4x6xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=6, "b"=2]>
func.func @sub_axes_of_six(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)3}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// A mesh with device ids, an axis of 3 on a dim it does not divide.
// CHECK-LABEL: func.func {{(private )?}}@device_ids_uneven(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=3, "b"=2], device_ids=[5, 4, 3, 2, 1, 0]>
func.func @device_ids_uneven(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.negate %0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// A dot on a 3 x 4 mesh, sub-axes "b":(1)2, "b":(2)2 in a dim of 6.
// CHECK-LABEL: func.func {{(private )?}}@dot_three_by_four(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2}, {"b":(2)2}]>}, %arg1: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b":(1)2}, {}]>]>} : (tensor<6x8xf32>, tensor<8x12xf32>) -> tensor<6x12xf32>
sdy.mesh @mesh = <["a"=3, "b"=4]>
func.func @dot_three_by_four(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2}, {"b":(2)2}]>}, %arg1: tensor<8x12xf32>) -> tensor<6x12xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<6x8xf32>, tensor<8x12xf32>) -> tensor<6x12xf32>
  return %0 : tensor<6x12xf32>
}

// -----

// Reshape 6 x 4 -> 24 -> 4 x 6 with an axis of 6: the minor-most factor does not divide.
// CHECK-LABEL: func.func {{(private )?}}@six_through_reshapes(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {}]>]>} : (tensor<24xf32>) -> tensor<4x6xf32>
sdy.mesh @mesh = <["a"=6, "b"=2]>
func.func @six_through_reshapes(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<4x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  %1 = stablehlo.reshape %0 : (tensor<24xf32>) -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}
