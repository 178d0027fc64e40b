// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: a callee returning a value on a maximal mesh (one device) keeps that result
// sharding, but its call result stays on the mesh of the callee result's sharding, fully
// replicated, and is resharded from there where propagation left it another (campaign
// 65187).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x2xf32>) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<32x2xf32>) -> tensor<32x2xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}, {}]> : tensor<32x2xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<32x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
// CHECK: %0 = sdy.reshard %arg0 <@maximal_mesh1, []> : tensor<32x2xf32>
sdy.mesh @mesh = <["a"=4]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[3]>
func.func private @callee(%farg0: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) {
  %v27 = sdy.sharding_constraint %farg0 <@maximal_mesh1, []> : tensor<32x2xf32>
  return %v27 : tensor<32x2xf32>
}
func.func @main(%arg0: tensor<32x2xf32>) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %call28 = func.call @callee(%arg0) : (tensor<32x2xf32>) -> tensor<32x2xf32>
  %n = stablehlo.negate %call28 : tensor<32x2xf32>
  return %n : tensor<32x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<32x2xf32> {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a"} (%arg1: tensor<32x2xf32>) {
// CHECK: %1 = func.call @callee(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<32x2xf32>) -> tensor<32x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
// CHECK: %0 = sdy.reshard %arg0 <@maximal_mesh1, []> : tensor<32x2xf32>
sdy.mesh @mesh = <["a"=4]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[3]>
func.func private @callee(%farg0: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) {
  %v27 = sdy.sharding_constraint %farg0 <@maximal_mesh1, []> : tensor<32x2xf32>
  return %v27 : tensor<32x2xf32>
}
func.func @main(%arg0: tensor<32x8xf32>) -> (tensor<32x2xf32>) {
  %mc = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {"a"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a"} (%m: tensor<32x2xf32>) {
    %call = func.call @callee(%m) : (tensor<32x2xf32>) -> tensor<32x2xf32>
    sdy.return %call : tensor<32x2xf32>
  } : (tensor<32x8xf32>) -> tensor<32x2xf32>
  return %mc : tensor<32x2xf32>
}
