// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 25a: a callee returning a manual computation's result, whose out_sharding export made
// even ("a" that does not divide the dim becomes "a":(1)2), is not resharded after the call
// for that alone: Shardy compares the call result's sharding with the callee's before export
// makes either even (campaign 29580).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x48xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>}) -> (tensor<4x48xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"d", "a":(1)2}]> : tensor<4x48xf32>
// CHECK: %1 = call @callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d", "a":(1)2}]>]>} : (tensor<4x48xf32>) -> tensor<4x48xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d", "a"}]>]>} : tensor<4x48xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"d", "a"}]> : tensor<4x48xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<4x48xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", "a":(1)2}]>}) -> (tensor<4x48xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", "a":(1)2}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"d", "a":(1)2}]>] out_shardings=[<@mesh, [{}, {"d", "a":(1)2}]>] manual_axes={"d"} (%arg1: tensor<4x6xf32>) {
sdy.mesh @mesh = <["a"=8, "d"=8]>
func.func private @callee(%arg0: tensor<4x48xf32>) -> tensor<4x48xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {"d", ?}]>] out_shardings=[<@mesh, [{?}, {"d", ?}]>] manual_axes={"d"} (%arg1: tensor<4x6xf32>) {
    sdy.return %arg1 : tensor<4x6xf32>
  } : (tensor<4x48xf32>) -> tensor<4x48xf32>
  return %0 : tensor<4x48xf32>
}
func.func @main(%arg0: tensor<4x48xf32>) -> tensor<4x48xf32> {
  %0 = func.call @callee(%arg0) : (tensor<4x48xf32>) -> tensor<4x48xf32>
  %1 = stablehlo.negate %0 : tensor<4x48xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{}, {"d", "a"}]> : tensor<4x48xf32>
  return %2 : tensor<4x48xf32>
}
