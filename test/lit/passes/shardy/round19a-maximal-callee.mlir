// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 19a: a called func's argument or result sharding on a maximal mesh is dropped by
// Shardy's import (the callee becomes a named computation, which keeps none): the body and the
// call site propagate as if there were none. meshjit resharded the call's operand (result) to
// the maximal mesh and propagated nothing through the callee (campaign seed 50131).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = call @callee_maximal_argument(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_maximal_argument(
// CHECK-SAME: %arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<2x6xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[6]>
func.func private @callee_maximal_argument(%x: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) -> tensor<2x6xf32> {
  %0 = stablehlo.cosine %x : tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}
func.func @main(%arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<2x6xf32> {
  %0 = func.call @callee_maximal_argument(%arg0) : (tensor<2x6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = call @callee_maximal_result(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<2x6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_maximal_result(
// CHECK-SAME: %arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<2x6xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[6]>
func.func private @callee_maximal_result(%x: tensor<2x6xf32>) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
  %0 = stablehlo.cosine %x : tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}
func.func @main(%arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<2x6xf32> {
  %0 = func.call @callee_maximal_result(%arg0) : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %1 = stablehlo.abs %0 : tensor<2x6xf32>
  return %1 : tensor<2x6xf32>
}
