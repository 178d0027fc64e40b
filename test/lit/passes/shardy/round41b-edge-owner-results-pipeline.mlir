// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 41b: after Shardy's import, each result of a loop, case or barrier has a data-flow edge
// of its own, so the first result placed does not put the others on its mesh (it does for an
// op's results, and in the bare passes: round41a-barrier-siblings-basic). meshjit placed loop
// and case results as one op's.

// Func results on two meshes returning two loop results: each result has its own data-flow
// edge, so the second keeps @mesh1 and its argument takes it (meshjit put it on @mesh).
// CHECK-LABEL: func.func {{(private )?}}@while_results_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @while_results_two_meshes(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%i = %arg0, %j = %arg1, %k = %c) : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<8x4xf32>
    stablehlo.return %n, %j, %k : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// The same with two case results, the branches swapping two arguments.
// CHECK-LABEL: func.func {{(private )?}}@case_results_two_meshes(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} : (tensor<i32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @case_results_two_meshes(%arg0: tensor<i32>, %arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
  %0:2 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1, %arg2 : tensor<8x4xf32>, tensor<8x4xf32>
  }, {
    stablehlo.return %arg2, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  }) : (tensor<i32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// A custom call's two results, as the reduce's.
// CHECK-LABEL: func.func {{(private )?}}@custom_call_results_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>]>} : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @custom_call_results_two_meshes(%arg0: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
  %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=8, j=4}>} : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// A reduce's two results are one op's: the first placed puts the other on its mesh.
// CHECK-LABEL: func.func {{(private )?}}@reduce_results_two_meshes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
// CHECK: %2:2 = stablehlo.reduce(%arg0 init: %0), (%arg1 init: %1) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{"a"}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @reduce_results_two_meshes(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}) {
  %0 = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.reduce(%arg0 init: %0), (%arg1 init: %1) across dimensions = [1] : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %3 = stablehlo.maximum %a, %c : tensor<f32>
      %4 = stablehlo.maximum %b, %d : tensor<i32>
      stablehlo.return %3, %4 : tensor<f32>, tensor<i32>
    }
  return %2#0, %2#1 : tensor<8xf32>, tensor<8xi32>
}
