// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 25a: a call result in a sharding group takes the group's sharding; the callee's
// unannotated result takes what its body returns, and Shardy's export reshards the call result
// back to the group's sharding right after the call (campaign 28421).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x4xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %1 = call @callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {}]> : tensor<8x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2]>
func.func private @callee(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) -> tensor<8x4xf32> {
  %0 = func.call @callee(%arg0) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x4xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// The callee's result is annotated: the call result is resharded to the group's sharding, not
// to the callee result's.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a"}]> : tensor<8x4xf32>
// CHECK: %1 = call @callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b"}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee(%arg0: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}) -> tensor<8x4xf32> {
  %0 = func.call @callee(%arg0) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x4xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x4xf32>
  %1 = stablehlo.abs %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
