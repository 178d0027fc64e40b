// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 19a: of two claims on a factor that shard it over as many devices, one extending the
// other by a size-one axis ("b" and "b", "a" with "a"=1), Shardy propagates the longer; meshjit
// took whichever tensor came first (campaign seed 50165).

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_extends_claim(
// CHECK-SAME: %arg0: tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", "a", ?}]>}, %arg1: tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {?}]>}) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}, {?}]>]>} : (tensor<1x1xf32>) -> tensor<1x1xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}, {?}]>]>} : tensor<1x1xf32>
// CHECK: %2 = stablehlo.maximum %1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}, {?}]>]>} : tensor<1x1xf32>
sdy.mesh @mesh = <["a"=1, "b"=2, "c"=4]>
func.func @size_one_axis_extends_claim(%arg0: tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<1x1xf32>) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {}]>}) {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %1 = stablehlo.negate %0 : tensor<1x1xf32>
  %2 = stablehlo.maximum %1, %arg1 : tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// -----

// The same on a dot's batching factor (not elementwise).

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_extends_dot_claim(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {?}]>}, %arg1: tensor<8x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {?}, {?}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}, {?}]>]>} : (tensor<8x4xf32>, tensor<8x4x2xf32>) -> tensor<8x2xf32>
sdy.mesh @mesh = <["a"=1, "b"=2, "c"=4]>
func.func @size_one_axis_extends_dot_claim(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg1: tensor<8x4x2xf32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {?}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<8x4xf32>, tensor<8x4x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
