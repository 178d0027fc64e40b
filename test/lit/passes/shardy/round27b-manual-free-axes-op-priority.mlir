// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 27b: manual computations with free axes: pass-through factors of the ops inside.
// A dot inside a manual computation: the free axis "b" passes through the batch factor.
// CHECK-LABEL: func.func {{(private )?}}@manual_free_axis_dot(
// CHECK: %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"b", ?}, {"a"}]>, <@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {?}], unreduced={"a"}>] manual_axes={"a"} (%arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_free_axis_dot(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"b", ?}, {"a"}]>, <@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {?}], unreduced={"a"}>] manual_axes={"a"} (%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) {
    %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.return %d : tensor<8x8xf32>
  } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A reduce inside: the free axis on the reduced dim and on the kept one.
// CHECK-LABEL: func.func {{(private )?}}@manual_free_axis_reduce(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a", ?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_free_axis_reduce(%arg0: tensor<8x16xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a", ?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
    sdy.return %r : tensor<4xf32>
  } : (tensor<8x16xf32>) -> tensor<8xf32>
  %1 = stablehlo.negate %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// An elementwise chain inside, its free axis from the out sharding going backwards.
// CHECK-LABEL: func.func {{(private )?}}@manual_free_axis_backward(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_free_axis_backward(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %n = stablehlo.negate %x : tensor<4x16xf32>
    %e = stablehlo.exponential %n : tensor<4x16xf32>
    sdy.return %e : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
