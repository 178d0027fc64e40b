// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: a manual computation's in_sharding reaches a call's result (a named computation's
// result edge to Shardy) in the first op-priority stages, and through it the callee's body,
// before an op reading a shared value (the abs) or a dot in the callee gives it another
// (campaign 73250).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<32x64xf32>, tensor<32x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : tensor<32x8x16xf32>
// CHECK: %1 = call @in_sharding_reaches_callee_before_shared_reader(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<32x8x16xf32>) -> tensor<32x128xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"a"}]> : tensor<32x128xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a"} (%arg1: tensor<32x64xf32>) {
// CHECK: %4 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : tensor<32x8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@in_sharding_reaches_callee_before_shared_reader(
// CHECK-SAME: %arg0: tensor<32x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) -> (tensor<32x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<32x8x16xf32>) -> tensor<32x128xf32>
// CHECK: %1 = stablehlo.cosine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<32x128xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<32x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<32x64xf32>, tensor<32x8x16xf32>) {
  %0 = stablehlo.abs %arg0 : tensor<32x8x16xf32>
  %1 = func.call @in_sharding_reaches_callee_before_shared_reader(%0) : (tensor<32x8x16xf32>) -> tensor<32x128xf32>
  %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a"} (%arg1: tensor<32x64xf32>) {
    %3 = stablehlo.negate %arg1 : tensor<32x64xf32>
    sdy.return %3 : tensor<32x64xf32>
  } : (tensor<32x128xf32>) -> tensor<32x64xf32>
  %4 = stablehlo.negate %arg0 : tensor<32x8x16xf32>
  return %2, %4 : tensor<32x64xf32>, tensor<32x8x16xf32>
}
func.func private @in_sharding_reaches_callee_before_shared_reader(%arg0: tensor<32x8x16xf32>) -> tensor<32x128xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32x8x16xf32>) -> tensor<32x128xf32>
  %1 = stablehlo.cosine %0 : tensor<32x128xf32>
  return %1 : tensor<32x128xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = call @in_sharding_reaches_callee_before_its_dot(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<32x16xf32>, tensor<16x64xf32>) -> tensor<32x64xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"b"}, {"a"}]>] out_shardings=[<@mesh, [{}, {"a"}]>] manual_axes={"a"} (%arg2: tensor<32x32xf32>) {
// CHECK: %2 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<32x32xf32>
// CHECK-LABEL: func.func {{(private )?}}@in_sharding_reaches_callee_before_its_dot(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<32x16xf32>, tensor<16x64xf32>) -> tensor<32x64xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<32x16xf32>, %arg1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<32x64xf32>) {
  %1 = func.call @in_sharding_reaches_callee_before_its_dot(%arg0, %arg1) : (tensor<32x16xf32>, tensor<16x64xf32>) -> tensor<32x64xf32>
  %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"b", ?}, {"a", ?}]>] out_shardings=[<@mesh, [{}, {"a"}]>] manual_axes={"a"} (%arg2: tensor<32x32xf32>) {
    %3 = stablehlo.negate %arg2 : tensor<32x32xf32>
    sdy.return %3 : tensor<32x32xf32>
  } : (tensor<32x64xf32>) -> tensor<32x64xf32>
  return %2 : tensor<32x64xf32>
}
func.func private @in_sharding_reaches_callee_before_its_dot(%arg0: tensor<32x16xf32>, %arg1: tensor<16x64xf32>) -> tensor<32x64xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<32x16xf32>, tensor<16x64xf32>) -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}
