// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 24b: a reduce_window dim that the window neither strides nor pads (window size one) is
// a pass-through factor even with a base or window dilation, as in Shardy's rule; only windowed
// dims are permutation factors, which conservative propagation does not cross (sweep
// reduce_window_dilated 18014, 18022, 18026, 18033, 18034).

// Dim 0 only base-dilated, dim 1 only window-dilated: both pass "a" and "b" on.
// CHECK-LABEL: func.func {{(private )?}}@dilations_alone(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<7x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<7x6xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dilations_alone(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<7x6xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<7x6xf32>
  return %0 : tensor<7x6xf32>
}

// -----

// A padded dim stays a permutation: dim 1 takes nothing conservatively.
// CHECK-LABEL: func.func {{(private )?}}@padded_dim(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<7x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<7x7xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @padded_dim(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<7x7xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<7x7xf32>
  return %0 : tensor<7x7xf32>
}
