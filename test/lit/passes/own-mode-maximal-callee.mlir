// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate,meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// meshjit's own mode keeps a callee result the user put on one device (a maximal mesh;
// Shardy's import drops it). A call result nothing reads: the callee's result keeps it (the
// export once made it the body's sharding with no reshard after the call, so the placement was
// lost; campaign case round15-calls main1).

// CHECK-LABEL: func.func private @dead_call(
// CHECK-SAME: -> (tensor<5x5xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>})
// CHECK-LABEL: func.func @main(
// CHECK: call @dead_call(%arg0) : (tensor<4x2xf32>) -> tensor<5x5xf32>
// CHECK-NEXT: return %arg0
sdy.mesh @mesh = <["a"=2]>
sdy.mesh @maximal_mesh = <[], device_ids=[1]>
func.func private @dead_call(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<5x5xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [0, 2], high = [1, 1], interior = [0, 0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}
func.func @main(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = call @dead_call(%arg0) : (tensor<4x2xf32>) -> tensor<5x5xf32>
  return %arg0 : tensor<4x2xf32>
}

// -----

// A call result something reads is resharded to the device after the call.

// CHECK-LABEL: func.func private @live_call(
// CHECK-SAME: -> (tensor<5x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
// CHECK-LABEL: func.func @main(
// CHECK: %[[CALL:.*]] = call @live_call(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
// CHECK-NEXT: %[[ONE:.*]] = sdy.reshard %[[CALL]] <@maximal_mesh, []>
// CHECK-NEXT: return %[[ONE]]
sdy.mesh @mesh = <["a"=2]>
sdy.mesh @maximal_mesh = <[], device_ids=[1]>
func.func private @live_call(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<5x5xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [0, 2], high = [1, 1], interior = [0, 0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}
func.func @main(%arg0: tensor<4x2xf32>) -> tensor<5x5xf32> {
  %0 = call @live_call(%arg0) : (tensor<4x2xf32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}
