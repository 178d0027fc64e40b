// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 26b: meshes (issue 19). An empty mesh's sharding is fully replicated: it does not stop
// another mesh's sharding from reaching the op.
// CHECK-LABEL: func.func {{(private )?}}@empty_mesh_operand(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@empty, [{}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return %0 : tensor<8x8xf32>
sdy.mesh @empty = <[]>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @empty_mesh_operand(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@empty, [{}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Operands on two different meshes: nothing propagates through the op.
// CHECK-LABEL: func.func {{(private )?}}@two_meshes(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {"c"}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// CHECK: return %0 : tensor<8x8xf32>
sdy.mesh @mesh1 = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["c"=4]>
func.func @two_meshes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {"c"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Two meshes with the same axes but different device orders are different meshes.
// CHECK-LABEL: func.func {{(private )?}}@same_axes_other_devices(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{?}]>}) -> tensor<8xf32> {
// CHECK: %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
// CHECK: return %0 : tensor<8xf32>
sdy.mesh @mesh1 = <["a"=4]>
sdy.mesh @mesh2 = <["a"=4], device_ids=[3, 2, 1, 0]>
func.func @same_axes_other_devices(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{?}]>}) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A maximal mesh on a scalar operand of an element-wise op: the other operands' shardings do
// not cross the op.
// CHECK-LABEL: func.func {{(private )?}}@maximal_scalar_operand(
// CHECK-SAME: %arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal, []>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: return %0 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @maximal = <[], device_ids=[1]>
func.func @maximal_scalar_operand(%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal, []>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Size-one axes of a mesh propagate like the others.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", "a", ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"x", "a", ?}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: return %0 : tensor<8x8xf32>
sdy.mesh @mesh = <["x"=1, "a"=4]>
func.func @size_one_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
