// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 15 (random MLIR campaign, func.call cases): Shardy's export makes a callee's result
// sharding even, and its call's result takes the same sharding: `"b"=2` on a dim of 3 drops
// away on both, with no reshard after the call (meshjit gave both the returned value's uneven
// sharding and resharded the call result to the even one). The users of the call result keep
// the sharding propagation gave them.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x32x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<2x32x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = call @callee_uneven_result(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<2x32x3xf32>) -> tensor<2x32x3xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"b"}]>]>} : tensor<2x32x3xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_uneven_result(
// CHECK-SAME: %arg0: tensor<2x32x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<2x32x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"b"}]>]>} : tensor<2x32x3xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func private @callee_uneven_result(%arg0: tensor<2x32x3xf32>) -> tensor<2x32x3xf32> {
  %0 = stablehlo.abs %arg0 : tensor<2x32x3xf32>
  return %0 : tensor<2x32x3xf32>
}
func.func @main(%arg0: tensor<2x32x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b", ?}]>}) -> tensor<2x32x3xf32> {
  %0 = call @callee_uneven_result(%arg0) : (tensor<2x32x3xf32>) -> tensor<2x32x3xf32>
  %1 = stablehlo.negate %0 : tensor<2x32x3xf32>
  return %1 : tensor<2x32x3xf32>
}

// -----

// A callee result the user put on a maximal mesh takes its returned value's sharding made even
// (`"a"` on a dim of 5 drops away: replicated on @mesh), and so does the call result, though
// nothing uses it (meshjit kept the maximal sharding and left the call unannotated). Shardy looks
// up the function named main, so each case's caller is @main.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = call @callee_maximal_result(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x2xf32>) -> tensor<5x5xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_maximal_result(
// CHECK-SAME: %arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<5x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.pad %arg0, %0, low = [0, 2], high = [1, 1], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<4x2xf32>, tensor<f32>) -> tensor<5x5xf32>
sdy.mesh @mesh = <["a"=2]>
sdy.mesh @maximal_mesh = <[], device_ids=[7]>
func.func private @callee_maximal_result(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<5x5xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [0, 2], high = [1, 1], interior = [0, 0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}
func.func @main(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = call @callee_maximal_result(%arg0) : (tensor<4x2xf32>) -> tensor<5x5xf32>
  return %arg0 : tensor<4x2xf32>
}

// -----

// A callee result the user sharded (on a size-one axis, with a priority) whose returned value
// nothing sharded loses its sharding: Shardy's callee result is what its body returns (meshjit
// kept the user's, closed replicated). Minimized from campaign seed 23.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = call @callee_result_unsharded_body(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_result_unsharded_body(
sdy.mesh @mesh = <["a"=2, "b"=1]>
func.func private @callee_result_unsharded_body(%arg0: tensor<4x2xf32>) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}p1]>}) {
  %0 = stablehlo.abs %arg0 : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
func.func @main(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = call @callee_result_unsharded_body(%arg0) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %arg0 : tensor<4x2xf32>
}

// -----

// A callee result nobody sharded whose body returns a sharding constraint's value takes that
// sharding, and so does the call result, though nothing uses it (meshjit left both
// unannotated). Minimized from campaign seed 23.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = call @callee_returns_constraint(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_returns_constraint(
// CHECK-SAME: %arg0: tensor<4x2xf32>) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<4x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=1]>
func.func private @callee_returns_constraint(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {?}]> : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
func.func @main(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = call @callee_returns_constraint(%arg0) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %arg0 : tensor<4x2xf32>
}

// -----

// A call operand nothing sharded is replicated already: it is not resharded to its callee
// argument's sharding on no axis (meshjit resharded it to `[{}]`). Minimized from campaign
// seed 5013.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NOT: sdy.reshard
// CHECK: %2 = call @callee_replicated_argument(%1) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_replicated_argument(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<8xf32> {
sdy.mesh @mesh = <["a"=4]>
func.func private @callee_replicated_argument(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = func.call @callee_replicated_argument(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
