// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 41b: after Shardy's import, each result of a loop, case, barrier or call has a data-flow
// edge of its own, so the first result placed does not put the others on its mesh (it does for
// an op's results, an if's, and in the bare passes: round41a-barrier-siblings-basic). meshjit
// placed loop, case and call results as one op's.

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

// -----

// Loop arguments on two meshes.
// CHECK-LABEL: func.func {{(private )?}}@while_args_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %4 = stablehlo.abs %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @while_args_two_meshes(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%i = %arg0, %j = %arg1, %k = %c) : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<8x4xf32>
    %m = stablehlo.abs %j : tensor<8x4xf32>
    stablehlo.return %n, %m, %k : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// A manual computation's results, one constrained on another mesh.
// CHECK-LABEL: func.func {{(private )?}}@manual_results_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg2: tensor<4x4xf32>, %arg3: tensor<4x4xf32>) {
// CHECK: %1 = stablehlo.negate %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @manual_results_two_meshes(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>] manual_axes={"a"} (%x: tensor<4x4xf32>, %y: tensor<4x4xf32>) {
    sdy.return %x, %y : tensor<4x4xf32>, tensor<4x4xf32>
  } : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  %1 = stablehlo.negate %0#0 : tensor<8x4xf32>
  %2 = sdy.sharding_constraint %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %1, %2 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// A call's two results returned on two meshes: a call is a named computation to Shardy's
// import, one data-flow edge per result, so the callee's second result and argument keep @mesh1.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = call @callee(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func private @callee(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  return %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
}
func.func @main(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
  %0:2 = func.call @callee(%arg0, %arg1) : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// An if's results, unlike a case's, stay one op's after the import: the first placed puts
// the second on its mesh (closed), and the export reshards it to the func result's.
// CHECK-LABEL: func.func {{(private )?}}@if_results_two_meshes(
// CHECK-SAME: %arg0: tensor<i1>, %arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>]>} : (tensor<i1>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @if_results_two_meshes(%arg0: tensor<i1>, %arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
  %0:2 = "stablehlo.if"(%arg0) ({
    stablehlo.return %arg1, %arg2 : tensor<8x4xf32>, tensor<8x4xf32>
  }, {
    stablehlo.return %arg2, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  }) : (tensor<i1>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}
