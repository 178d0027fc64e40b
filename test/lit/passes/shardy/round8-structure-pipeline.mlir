// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 8: structure through sdy-propagation-pipeline (after Shardy's propagation_pipeline.mlir and the import tests): while loops with several results, case with many branches and results, calls with shardings on callee arguments and results, propagation barriers in each direction, optimization barriers, manual computations in loops (a body argument is resharded into a fully closed in_sharding, as a loop result is) and branches, sharding groups across loops.

// CHECK-LABEL: func.func {{(private )?}}@while_three_results(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, tensor<8x8xf32>, tensor<8x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2 = sdy.constant dense<1> : tensor<i32>
// CHECK: %4 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %5 = stablehlo.dot_general %4, %iterArg_1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_three_results(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x16xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c, %x = %arg0, %y = %arg1) : tensor<i32>, tensor<8x8xf32>, tensor<8x16xf32>
  cond {
    %c1 = stablehlo.constant dense<4> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %2 = stablehlo.negate %x : tensor<8x8xf32>
    %3 = stablehlo.dot_general %2, %y, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    stablehlo.return %1, %2, %3 : tensor<i32>, tensor<8x8xf32>, tensor<8x16xf32>
  }
  return %0#1, %0#2 : tensor<8x8xf32>, tensor<8x16xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@while_result_sharded_later(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"c"}, {"a"}]>]>}
// CHECK: %3 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3 = stablehlo.exponential %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"a"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_result_sharded_later(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<8x8xf32>
  cond {
    %c1 = stablehlo.constant dense<4> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.exponential %x : tensor<8x8xf32>
    stablehlo.return %i, %1 : tensor<i32>, tensor<8x8xf32>
  }
  %2 = stablehlo.abs %0#1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@case_four_branches(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %1 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.transpose %arg1, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_four_branches(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.negate %arg2 : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.add %arg1, %arg2 : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@case_two_results_three_branches(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %2 = stablehlo.reduce(%arg1 init: %1) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}]>]>} : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>, <@mesh, [{"c"}]>]>} : (tensor<i32>) -> (tensor<8x8xf32>, tensor<8xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_two_results_three_branches(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) -> (tensor<8x8xf32>, tensor<8xf32>) {
  %0:2 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1, %arg2 : tensor<8x8xf32>, tensor<8xf32>
  }, {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    stablehlo.return %1, %arg2 : tensor<8x8xf32>, tensor<8xf32>
  }, {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
    stablehlo.return %arg1, %1 : tensor<8x8xf32>, tensor<8xf32>
  }) : (tensor<i32>) -> (tensor<8x8xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8x8xf32>, tensor<8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {"c"}]> : tensor<8x8xf32>
// CHECK: %1 = call @call_with_sharded_callee_args(%arg0, %0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@call_with_sharded_callee_args(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @call_with_sharded_callee_args(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> tensor<8x8xf32> {
  %0 = call @call_with_sharded_callee_args(%arg0, %arg1) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = call @call_twice_different_shardings(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = call @call_twice_different_shardings_0(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@call_twice_different_shardings(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@call_twice_different_shardings_0(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @call_twice_different_shardings(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @call_twice_different_shardings(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @call_twice_different_shardings(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {}]>}) {
// CHECK: %0 = call @callee_result_sharded(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "c"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "c"}, {}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_result_sharded(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "c"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @callee_result_sharded(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {?}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = call @callee_result_sharded(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_forward_only(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @barrier_forward_only(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_backward_only(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @barrier_backward_only(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_none(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @barrier_none(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier_two_values(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {"c"}]>]>} %arg0, %arg1 : tensor<8x8xf32>, tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @optimization_barrier_two_values(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x8xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, tensor<8x16xf32>
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  %2 = stablehlo.abs %0#1 : tensor<8x16xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x16xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_free_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] out_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_free_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%x: tensor<8x8xf32>) {
    %1 = stablehlo.negate %x : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = stablehlo.abs %0 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_in_while(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %2 = sdy.constant dense<2> : tensor<i32>
// CHECK: %2 = sdy.reshard %iterArg_0 <@mesh, [{"a"}, {}]> : tensor<16x8xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_in_while(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<16x8xf32>
  cond {
    %c1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
      %2 = stablehlo.exponential %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<16x8xf32>) -> tensor<16x8xf32>
    stablehlo.return %i, %1 : tensor<i32>, tensor<16x8xf32>
  }
  return %0#1 : tensor<16x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@while_inside_case(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %1, %iterArg_0 = %arg1) : tensor<i32>, tensor<8x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"b"}, {"c"}]>]>}
// CHECK: %3 = sdy.constant dense<2> : tensor<i32>
// CHECK: %3 = stablehlo.sine %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_inside_case(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.while(%i = %c, %x = %arg1) : tensor<i32>, tensor<8x8xf32>
    cond {
      %c1 = stablehlo.constant dense<2> : tensor<i32>
      %2 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = stablehlo.sine %x : tensor<8x8xf32>
      stablehlo.return %i, %2 : tensor<i32>, tensor<8x8xf32>
    }
    stablehlo.return %1#1 : tensor<8x8xf32>
  }, {
    stablehlo.return %arg1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@sharding_group_across_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg1) : tensor<i32>, tensor<8x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {}]>]>}
// CHECK: %2 = sdy.constant dense<2> : tensor<i32>
// CHECK: %2 = stablehlo.cosine %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sharding_group_across_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg1) : tensor<i32>, tensor<8x8xf32>
  cond {
    %c1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.cosine %x : tensor<8x8xf32>
    stablehlo.return %i, %1 : tensor<i32>, tensor<8x8xf32>
  }
  sdy.sharding_group %arg0 group_id=3 : tensor<8x8xf32>
  sdy.sharding_group %0#1 group_id=3 : tensor<8x8xf32>
  return %0#1 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_in_while_sharded_loop(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {}]>]>}
// CHECK: %2 = sdy.constant dense<2> : tensor<i32>
// CHECK: %2 = sdy.manual_computation(%iterArg_0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_in_while_sharded_loop(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {}]>]>}
  cond {
    %c1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
      %2 = stablehlo.exponential %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<16x8xf32>) -> tensor<16x8xf32>
    stablehlo.return %i, %1 : tensor<i32>, tensor<16x8xf32>
  }
  return %0#1 : tensor<16x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_in_while_arg_read_twice(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %2 = sdy.constant dense<2> : tensor<i32>
// CHECK: %2 = sdy.reshard %iterArg_0 <@mesh, [{"a"}, {}]> : tensor<16x8xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %4 = stablehlo.add %3, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_in_while_arg_read_twice(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<16x8xf32>
  cond {
    %c1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
      %2 = stablehlo.exponential %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %3 = stablehlo.add %1, %x : tensor<16x8xf32>
    stablehlo.return %i, %3 : tensor<i32>, tensor<16x8xf32>
  }
  return %0#1 : tensor<16x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_in_while_unsharded_input(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"c"}]>]>}
// CHECK: %2 = sdy.constant dense<2> : tensor<i32>
// CHECK: %2 = sdy.reshard %iterArg_0 <@mesh, [{"a"}, {"c"}]> : tensor<16x8xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a"}, {"c"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %4 = stablehlo.exponential %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_in_while_unsharded_input(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<16x8xf32>
  cond {
    %c1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {"c"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
      %2 = stablehlo.exponential %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<16x8xf32>) -> tensor<16x8xf32>
    stablehlo.return %i, %1 : tensor<i32>, tensor<16x8xf32>
  }
  return %0#1 : tensor<16x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_in_case_branch_reads_arg(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg2: tensor<8x8xf32>) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_in_case_branch_reads_arg(%arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
      %2 = stablehlo.exponential %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<16x8xf32>) -> tensor<16x8xf32>
    stablehlo.return %1 : tensor<16x8xf32>
  }, {
    stablehlo.return %arg1 : tensor<16x8xf32>
  }) : (tensor<i32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_reads_loop_result_open_in(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %3 = sdy.constant dense<2> : tensor<i32>
// CHECK: %3 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %2 = sdy.manual_computation(%1#1) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %3 = stablehlo.exponential %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_reads_loop_result_open_in(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<16x8xf32>
  cond {
    %c1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<16x8xf32>
    stablehlo.return %i, %1 : tensor<i32>, tensor<16x8xf32>
  }
  %2 = sdy.manual_computation(%0#1) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
    %3 = stablehlo.exponential %y : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_reads_case_result_closed_in(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}, {}]> : tensor<16x8xf32>
// CHECK: %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg2: tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_reads_case_result_closed_in(%arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<16x8xf32>
  }, {
    %1 = stablehlo.abs %arg1 : tensor<16x8xf32>
    stablehlo.return %1 : tensor<16x8xf32>
  }) : (tensor<i32>) -> tensor<16x8xf32>
  %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%y: tensor<8x8xf32>) {
    %3 = stablehlo.exponential %y : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// Reduced from random structured programs at seed 505: the group's open constraints replace the arguments' uses, so their users notify in program order (an inserted value's use list), and the first dot takes "model" on its rhs's column dim.
// CHECK: func.func public @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "data"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg2: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"data"}, {"model"}]> : tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"data"}, {"model"}]> : tensor<16x32xf32>
// CHECK: %2 = call @group_call_two_dots(%1, %0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
// CHECK: %3 = stablehlo.transpose %2, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {"data"}]>]>} : (tensor<16x32xf32>) -> tensor<32x16xf32>
// CHECK: %4 = stablehlo.dot_general %3, %0, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>} : (tensor<32x16xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
// CHECK: %5 = stablehlo.transpose %4, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>]>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
// CHECK: %6 = stablehlo.dot_general %2, %5, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %7 = stablehlo.add %6, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x32xf32>
// CHECK: %8 = stablehlo.dot_general %6, %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %9 = stablehlo.add %7, %8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x32xf32>
// CHECK: %10 = stablehlo.tanh %9 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x32xf32>
// CHECK-LABEL: func.func {{(private )?}}@group_call_two_dots(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x32xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func private @group_call_two_dots(%arg0: tensor<16x32xf32>, %arg1: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = stablehlo.tanh %arg0 : tensor<16x32xf32>
  %1 = stablehlo.multiply %0, %arg1 : tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}
func.func public @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "data"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg2: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}) -> tensor<16x32xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<16x32xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<16x32xf32>
  %0 = call @group_call_two_dots(%arg0, %arg1) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<16x32xf32>) -> tensor<32x16xf32>
  %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0] : (tensor<32x16xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %4 = stablehlo.dot_general %0, %3, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %12 = stablehlo.add %4, %arg1 : tensor<16x32xf32>
  %13 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %14 = stablehlo.add %12, %13 : tensor<16x32xf32>
  %11 = stablehlo.tanh %14 : tensor<16x32xf32>
  return %11 : tensor<16x32xf32>
}
