// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// conservative-propagation: no axis is split into sub-axes, and no factor takes axes that do
// not divide it.

// CHECK-LABEL: func.func {{(private )?}}@no_split_in_reshape(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4x8xf32> {
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @no_split_in_reshape(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@whole_axes_still_propagate(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @whole_axes_still_propagate(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@non_divisible(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @non_divisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<6x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:16, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x8xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.slice %arg0 [0:16, 0:8] : (tensor<32x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot(
// CHECK-SAME: %arg0: tensor<6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<6x16xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot(%arg0: tensor<6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> tensor<6x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<6x16xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@merge_dims(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}]>]>} : (tensor<2x16xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @merge_dims(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x16xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
