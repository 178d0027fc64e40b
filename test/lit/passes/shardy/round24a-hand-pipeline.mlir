// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: hand cases on Shardy's upstream pipeline themes: a callee holding a forward
// propagation barrier; nested manual computations with a free axis constrained inside; a case
// inside a loop body with a constraint in one branch; a sharding group across a callee and its
// caller; an optimization barrier inside a loop; a callee with a backward barrier called twice;
// a group on a loop body's argument with a constraint. All agree with Shardy.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = call @barrier_callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@barrier_callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @barrier_callee(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %b = sdy.propagation_barrier %x allowed_direction=FORWARD : tensor<8x8xf32>
  %e = stablehlo.exponential %b : tensor<8x8xf32>
  return %e : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
  %c = func.call @barrier_callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %n = stablehlo.negate %c : tensor<8x8xf32>
  return %n : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@nested_manual_free_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] out_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b"}, {"c"}]>] out_shardings=[<@mesh, [{"b"}, {"c"}]>] manual_axes={"b"} (%arg2: tensor<4x8xf32>) {
// CHECK: %4 = sdy.reshard %arg2 <@mesh, [{}, {"c"}]> : tensor<4x8xf32>
// CHECK: %5 = stablehlo.exponential %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<4x8xf32>
// CHECK: %3 = stablehlo.tanh %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_manual_free_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<16x8xf32>) {
  %mc = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%m: tensor<8x8xf32>) {
    %inner = sdy.manual_computation(%m) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%n: tensor<4x8xf32>) {
      %s = sdy.sharding_constraint %n <@mesh, [{}, {"c"}]> : tensor<4x8xf32>
      %e = stablehlo.exponential %s : tensor<4x8xf32>
      sdy.return %e : tensor<4x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %t = stablehlo.tanh %inner : tensor<8x8xf32>
    sdy.return %t : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %r = stablehlo.negate %mc : tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_in_loop_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2 = sdy.constant dense<1> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %5 = sdy.reshard %iterArg <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %8 = stablehlo.exponential %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %8 = stablehlo.tanh %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK: %4 = stablehlo.negate %3#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @case_in_loop_constraint(%arg0: tensor<8x8xf32>, %p: tensor<i32>) -> (tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %case = "stablehlo.case"(%p) ({
      %s = sdy.sharding_constraint %it <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
      %e = stablehlo.exponential %s : tensor<8x8xf32>
      stablehlo.return %e : tensor<8x8xf32>
    }, {
      %t = stablehlo.tanh %it : tensor<8x8xf32>
      stablehlo.return %t : tensor<8x8xf32>
    }) : (tensor<i32>) -> tensor<8x8xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %case, %n : tensor<8x8xf32>, tensor<i32>
  }
  %r = stablehlo.negate %w#0 : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = call @grouped_callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.tanh %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@grouped_callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @grouped_callee(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = stablehlo.exponential %x : tensor<8x8xf32>
  sdy.sharding_group %e group_id=7 : tensor<8x8xf32>
  return %e : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32>) {
  %c = func.call @grouped_callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = stablehlo.tanh %arg1 : tensor<8x8xf32>
  sdy.sharding_group %t group_id=7 : tensor<8x8xf32>
  %r = stablehlo.add %c, %t : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_in_loop(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{}, {"b"}]>]>} %iterArg, %iterArg_0 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK: %4 = sdy.reshard %3#1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %5 = stablehlo.multiply %3#0, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @barrier_in_loop(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:3 = stablehlo.while(%it = %arg0, %jt = %arg1, %i = %c0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %ob:2 = stablehlo.optimization_barrier %it, %jt : tensor<8x8xf32>, tensor<8x8xf32>
    %s = sdy.sharding_constraint %ob#1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
    %m = stablehlo.multiply %ob#0, %s : tensor<8x8xf32>
    stablehlo.return %m, %ob#1, %i : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
  }
  return %w#0, %w#1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = call @callee(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
  %b = sdy.propagation_barrier %x allowed_direction=BACKWARD : tensor<8x8xf32>
  %e = stablehlo.exponential %b : tensor<8x8xf32>
  return %e : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = func.call @callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %d = func.call @callee(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %n = stablehlo.negate %d : tensor<8x8xf32>
  return %c, %n : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_on_loop_argument_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %5 = sdy.reshard %iterArg <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %6 = stablehlo.exponential %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %3 = stablehlo.tanh %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.add %2#0, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @group_on_loop_argument_constraint(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    sdy.sharding_group %it group_id=3 : tensor<8x8xf32>
    %s = sdy.sharding_constraint %it <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
    %e = stablehlo.exponential %s : tensor<8x8xf32>
    stablehlo.return %e, %i : tensor<8x8xf32>, tensor<i32>
  }
  %t = stablehlo.tanh %arg1 : tensor<8x8xf32>
  sdy.sharding_group %t group_id=3 : tensor<8x8xf32>
  %r = stablehlo.add %w#0, %t : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
