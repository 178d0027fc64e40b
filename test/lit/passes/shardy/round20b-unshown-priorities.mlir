// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 20b (sweep reshape / convolution 14012): a factor's axes a dim cannot show (k after
// an unsharded j in %arg0's [jk]) still update Shardy's projection of the tensor, so Shardy
// rewrites its sharding and the priorities go, though no dim changed.
// CHECK-LABEL: func.func {{(private )?}}@unshown_factor_drops_priorities(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}]>}) -> (tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {"a":(4)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"a":(4)2, ?}]>]>} : (tensor<4x16xf32>) -> tensor<4x4x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @unshown_factor_drops_priorities(%arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {?}]>}) -> tensor<4x4x4xf32> {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a":(4)2, ?}]>]>} : (tensor<4x16xf32>) -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}

// -----

// Nothing reaching the tensor: its priorities stay.
// CHECK-LABEL: func.func {{(private )?}}@nothing_reaches_priorities_stay(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {?}]>}) -> (tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {?}]>]>} : (tensor<4x16xf32>) -> tensor<4x4x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @nothing_reaches_priorities_stay(%arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {?}]>}) -> tensor<4x4x4xf32> {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {?}]>]>} : (tensor<4x16xf32>) -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}
