// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 12: unreduced values through sdy-propagation-pipeline's export, as Shardy's export tests exercise it: manual-computation results with unreduced out shardings, unreduced through while / case / optimization_barrier / calls / constraints; each user that does not keep the partial sums reads them through sdy.all_reduce (before the user, or right after the definition for a data-flow edge source).

// CHECK-LABEL: func.func {{(private )?}}@manual_unreduced_result_returned(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16xf32> {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{}]> : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_unreduced_result_returned(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
    sdy.return %1 : tensor<16xf32>
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_unreduced_result_kept_by_func_result(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"a"}>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
// CHECK: %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_unreduced_result_kept_by_func_result(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"a"}>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
    sdy.return %1 : tensor<16xf32>
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_unreduced_result_two_users(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {"a"}]>] out_shardings=[<@mesh, [{"b"}], unreduced={"a"}>] manual_axes={"a", "b"} (%arg1: tensor<8x16xf32>) {
// CHECK: %6 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{"b"}]> : tensor<16xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<16xf32>
// CHECK: %3 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{"b"}]> : tensor<16xf32>
// CHECK: %4 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{"b"}]> : tensor<16xf32>
// CHECK: %5 = stablehlo.add %4, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_unreduced_result_two_users(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<16xf32>, tensor<16xf32>) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {"a"}]>] out_shardings=[<@mesh, [{"b"}], unreduced={"a"}>] manual_axes={"a", "b"} (%arg1: tensor<8x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  %2 = stablehlo.negate %0 : tensor<16xf32>
  %3 = stablehlo.add %0, %0 : tensor<16xf32>
  return %2, %3 : tensor<16xf32>, tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_unreduced_result_into_add_unreduced(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"a"}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"a"}>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg2: tensor<16x16xf32>) {
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"a"}>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_unreduced_result_into_add_unreduced(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"a"}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"a"}>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg2: tensor<16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg2 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
    sdy.return %1 : tensor<16xf32>
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  %2 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"a"}>]>} : tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_unreduced_free_axis_out(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16xf32> {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a", "b"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
// CHECK: %3 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = sdy.all_reduce {"a", "b"} %0 out_sharding=<@mesh, [{}]> : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_unreduced_free_axis_out(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a", "b"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
    sdy.return %1 : tensor<16xf32>
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  %2 = stablehlo.negate %0 : tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_while_result(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %1) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.add %iterArg, %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %2#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unreduced_while_result(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %2 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %2 = stablehlo.add %iterArg, %iterArg : tensor<8x8xf32>
    stablehlo.return %2, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_optimization_barrier(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} %0 : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unreduced_optimization_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> tensor<8x8xf32> {
  %0 = stablehlo.optimization_barrier %arg0 : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_constraint_then_user(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], unreduced={"b"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}, {}], unreduced={"b"}> : tensor<8x8xf32>
// CHECK: %2 = sdy.all_reduce {"b"} %1 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unreduced_constraint_then_user(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {}], unreduced={"b"}> : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_case_result(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg2 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = sdy.all_reduce {"b"} %arg1 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unreduced_case_result(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<8x8xf32>
  }, {
    stablehlo.return %arg2 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = call @unreduced_callee_body(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@unreduced_callee_body(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> tensor<8x8xf32> {
  %0 = call @unreduced_callee_body(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @unreduced_callee_body(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_edge_sources_after_definition(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], unreduced={"b"}>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.all_reduce {"b"} %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.all_reduce {"b"} %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} %2 : tensor<8x8xf32>
// CHECK: %5 = stablehlo.abs %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %7 = stablehlo.negate %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unreduced_edge_sources_after_definition(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}, %c: tensor<8x8xf32>, %p: tensor<i32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %a = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], unreduced={"b"}>]>} : tensor<8x8xf32>
  %x = stablehlo.abs %c : tensor<8x8xf32>
  %0 = stablehlo.optimization_barrier %a : tensor<8x8xf32>
  %y = stablehlo.abs %x : tensor<8x8xf32>
  %1 = "stablehlo.case"(%p) ({
    stablehlo.return %a : tensor<8x8xf32>
  }, {
    %z = stablehlo.negate %y : tensor<8x8xf32>
    stablehlo.return %z : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}
