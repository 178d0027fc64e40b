// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: Shardy's import applies a closed constraint or manual computation in_sharding that
// is an if's result's only claim to the result in place, as to an ordinary op's (campaign
// 72010); a case's result keeps its sources' sharding and is resharded instead.

// CHECK-LABEL: func.func {{(private )?}}@manual_in_sharding_on_if_result(
// CHECK-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<i1>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<i1>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"c"}]>] manual_axes={"c"} (%arg2: tensor<8x4xf32>) {
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
sdy.mesh @mesh = <["b"=4, "c"=2]>
func.func @manual_in_sharding_on_if_result(%arg0: tensor<8x4xf32>, %arg1: tensor<i1>) -> tensor<8xf32> {
  %0 = "stablehlo.if"(%arg1) ({
    stablehlo.return %arg0 : tensor<8x4xf32>
  }, {
    stablehlo.return %arg0 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"c"}]>] manual_axes={"c"} (%arg2: tensor<8x4xf32>) {
    %2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%arg2 init: %2) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    sdy.return %3 : tensor<4xf32>
  } : (tensor<8x4xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraints_on_if_and_case_results(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg1: tensor<i1>, %arg2: tensor<i32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : (tensor<i1>) -> tensor<8x4xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : (tensor<i32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"c"}]> : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %0 <@mesh, [{}, {"c"}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["b"=4, "c"=2]>
func.func @constraints_on_if_and_case_results(%arg0: tensor<8x4xf32>, %arg1: tensor<i1>, %arg2: tensor<i32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = "stablehlo.if"(%arg1) ({
    stablehlo.return %arg0 : tensor<8x4xf32>
  }, {
    stablehlo.return %arg0 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  %1 = "stablehlo.case"(%arg2) ({
    stablehlo.return %arg0 : tensor<8x4xf32>
  }, {
    stablehlo.return %arg0 : tensor<8x4xf32>
  }) : (tensor<i32>) -> tensor<8x4xf32>
  %2 = sdy.sharding_constraint %0 <@mesh, [{}, {"c"}]> : tensor<8x4xf32>
  %3 = sdy.sharding_constraint %1 <@mesh, [{}, {"c"}]> : tensor<8x4xf32>
  return %2, %3 : tensor<8x4xf32>, tensor<8x4xf32>
}
