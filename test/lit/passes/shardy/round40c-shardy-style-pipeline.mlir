// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 40c: constructs in the style of Shardy's own lit tests (nested manual and named
// computations, calls in loops, sub-axes through reshapes, groups across loops, barriers in
// loops, replicated axes, multi-result ops, priorities, custom rules), each checked against
// jaxlib's Shardy pass (they all agreed when written; its pipeline refuses a named
// computation inside another sdy op, so those two are left out here).

// A manual computation inside another, each manual over its own axis.
// CHECK-LABEL: func.func {{(private )?}}@nested_manual(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "c"}, {"b"}]>] out_shardings=[<@mesh, [{"a", "c"}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"c"}, {"b"}]>] out_shardings=[<@mesh, [{"c"}, {"b"}]>] manual_axes={"b"} (%arg2: tensor<8x4xf32>) {
// CHECK: %4 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %3 = stablehlo.add %2, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c"}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_manual(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}, {?}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{?}, {"b", ?}]>] out_shardings=[<@mesh, [{?}, {"b", ?}]>] manual_axes={"b"} (%arg2: tensor<8x4xf32>) {
      %2 = stablehlo.negate %arg2 : tensor<8x4xf32>
      sdy.return %2 : tensor<8x4xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.add %1, %1 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %4 = stablehlo.abs %0 : tensor<16x8xf32>
  return %4 : tensor<16x8xf32>
}

// -----

// The same callee called with arguments sharded differently.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = call @callee_0(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_0(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @callee(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @callee(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A call inside a loop body, a constraint on its result.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %4 = func.call @body_callee(%iterArg) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@body_callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @body_callee(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = func.call @body_callee(%it) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
    %4 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %3, %4 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// A reshape splitting a dim sharded on two axes: the first axis splits into sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@reshape_split_sub_axes(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @reshape_split_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// A reshape merging dims whose sub-axes make a whole axis.
// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_sub_axes(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<2x8xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @reshape_merge_sub_axes(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>}) -> tensor<16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// Reshapes through a dim the axes do not divide.
// CHECK-LABEL: func.func {{(private )?}}@reshape_non_divisible(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {}]>]>} : (tensor<24xf32>) -> tensor<4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @reshape_non_divisible(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<4x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  %1 = stablehlo.reshape %0 : (tensor<24xf32>) -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// A result sharding with a sub-axis reaching a reshape backwards.
// CHECK-LABEL: func.func {{(private )?}}@reshape_backwards_sub_axes(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b":(1)2}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @reshape_backwards_sub_axes(%arg0: tensor<4x8xf32>) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// A sharding group holding a loop body value and a value outside the loop.
// CHECK-LABEL: func.func {{(private )?}}@group_across_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %6 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %5 = stablehlo.add %3#0, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_across_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.negate %it : tensor<8x8xf32>
    sdy.sharding_group %2 group_id=7 : tensor<8x8xf32>
    %4 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %2, %4 : tensor<8x8xf32>, tensor<i32>
  }
  %5 = stablehlo.abs %arg1 : tensor<8x8xf32>
  sdy.sharding_group %5 group_id=7 : tensor<8x8xf32>
  %6 = stablehlo.add %0#0, %5 : tensor<8x8xf32>
  return %6 : tensor<8x8xf32>
}

// -----

// A propagation barrier inside a loop body.
// CHECK-LABEL: func.func {{(private )?}}@barrier_in_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>, <@mesh, []>]>}
// CHECK: %4 = sdy.propagation_barrier %iterArg allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %5 = stablehlo.negate %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"a"}, {"c"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @barrier_in_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = sdy.propagation_barrier %it allowed_direction=BACKWARD : tensor<8x8xf32>
    %3 = stablehlo.negate %2 : tensor<8x8xf32>
    %5 = sdy.sharding_constraint %3 <@mesh, [{?}, {"c"}]> : tensor<8x8xf32>
    %4 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %5, %4 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// Case branches returning values sharded differently.
// CHECK-LABEL: func.func {{(private )?}}@case_branches_disagree(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_branches_disagree(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<8x8xf32>
  }, {
    stablehlo.return %arg2 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// An optimization barrier, one operand sharded, the other constrained after it.
// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier_partial(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>]>} %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0#0, %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %0#1 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @optimization_barrier_partial(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
  %1 = stablehlo.add %0#0, %0#1 : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %0#1 <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A func result sharding reaching a manual computation's free axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_free_axes_propagate(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] out_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_free_axes_propagate(%arg0: tensor<16x8xf32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// A batched dot whose operands disagree on the batch dim.
// CHECK-LABEL: func.func {{(private )?}}@dot_batch_conflict(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}, {"c"}]>]>} : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_batch_conflict(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// A constraint with replicated axes, another constraint after it wanting one of them.
// CHECK-LABEL: func.func {{(private )?}}@replicated_axes_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @replicated_axes_constraint(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {?}], replicated={"b"}> : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// A two-result reduce whose inputs are sharded differently.
// CHECK-LABEL: func.func {{(private )?}}@multi_result_reduce(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8xf32>, tensor<8xi32>) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @multi_result_reduce(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8xf32>, tensor<8xi32>) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %ci = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%arg0 init: %c), (%arg1 init: %ci) across dimensions = [1] : (tensor<8x8xf32>, tensor<8x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%x: tensor<i32>, %y: tensor<i32>) {
      %s = stablehlo.add %a, %b : tensor<f32>
      %t = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// Priorities p0, p1, p2 on a result, an argument and a constraint between transposes.
// CHECK-LABEL: func.func {{(private )?}}@priorities_on_both_sides(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"c"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.transpose %2, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priorities_on_both_sides(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {?}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"c", ?}p2, {?}]> : tensor<8x8xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// -----

// An elementwise op reading a sub-axis and its whole axis on one dim.
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_vs_full_axis(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_vs_full_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.multiply %0, %arg0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// Two sub-axes of one axis on different dims of an elementwise op's operands.
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_conflict_other_dim(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_conflict_other_dim(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2, ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A broadcast feeding a reduce over the broadcast dim.
// CHECK-LABEL: func.func {{(private )?}}@broadcast_then_reduce(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %3 = stablehlo.reduce(%1 init: %2) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @broadcast_then_reduce(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> tensor<16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// A constant read by ops sharded differently (split per use).
// CHECK-LABEL: func.func {{(private )?}}@constant_many_users(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %3 = stablehlo.add %arg1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.broadcast_in_dim %1, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %5 = stablehlo.add %3, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constant_many_users(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %c : tensor<8x8xf32>
  %1 = stablehlo.add %arg1, %c : tensor<8x8xf32>
  %2 = stablehlo.broadcast_in_dim %c, dims = [0, 1] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = stablehlo.add %1, %2 : tensor<8x8xf32>
  return %0, %3 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// select_and_scatter over sharded window dims.
// CHECK-LABEL: func.func {{(private )?}}@select_and_scatter_window(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x4xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<4x4xf32>, tensor<f32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @select_and_scatter_window(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x4xf32>) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<8x8xf32>, tensor<4x4xf32>, tensor<f32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A constraint on free axes inside a manual computation.
// CHECK-LABEL: func.func {{(private )?}}@manual_inner_constraint(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] out_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {"c"}]> : tensor<8x8xf32>
// CHECK: %4 = stablehlo.abs %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_inner_constraint(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}, {"c"}]> : tensor<8x8xf32>
    %3 = stablehlo.abs %2 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %4 = stablehlo.exponential %0 : tensor<16x8xf32>
  return %4 : tensor<16x8xf32>
}

// -----

// A manual computation with a scalar operand and a result nothing uses.
// CHECK-LABEL: func.func {{(private )?}}@manual_scalar_and_unused_result(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) {
// CHECK: %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a", "b"}, {}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a", "b"}, {}]>, <@mesh, [{"a", "b"}, {}]>] manual_axes={"a"} (%arg2: tensor<8x8xf32>, %arg3: tensor<f32>) {
// CHECK: %1 = stablehlo.broadcast_in_dim %arg3, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<f32>) -> tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %arg2, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_scalar_and_unused_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg1: tensor<f32>) -> tensor<16x8xf32> {
  %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a", ?}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg2: tensor<8x8xf32>, %arg3: tensor<f32>) {
    %1 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %2 = stablehlo.add %arg2, %1 : tensor<8x8xf32>
    sdy.return %2, %arg2 : tensor<8x8xf32>, tensor<8x8xf32>
  } : (tensor<16x8xf32>, tensor<f32>) -> (tensor<16x8xf32>, tensor<16x8xf32>)
  return %0#0 : tensor<16x8xf32>
}

// -----

// An op on a maximal (one-device) mesh between sharded values.
// CHECK-LABEL: func.func {{(private )?}}@maximal_sharding_op(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh, []>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %1, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
sdy.mesh @maximal_mesh = <[], device_ids=[0]>
func.func @maximal_sharding_op(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh, []>]>} : tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  %2 = stablehlo.add %1, %arg0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// dynamic_slice and dynamic_update_slice of one sharded operand.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_update(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [2, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.dynamic_update_slice %arg0, %arg2, %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_slice_update(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {?}]>}) -> (tensor<2x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [2, 8] : (tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x8xf32>
  %1 = stablehlo.dynamic_update_slice %arg0, %arg2, %arg1, %arg1 : (tensor<8x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<2x8xf32>, tensor<8x8xf32>
}

// -----

// A loop swapping its two carried values each iteration.
// CHECK-LABEL: func.func {{(private )?}}@while_two_carried_swap(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_two_carried_swap(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%x = %arg0, %y = %arg1, %i = %c0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %4 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %y, %x, %4 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A custom call whose rule blocks propagation along a factor.
// CHECK-LABEL: func.func {{(private )?}}@custom_rule_blocked(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} blocked_propagation={j}, custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_rule_blocked(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} blocked_propagation={j}, custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// An iota compared with a value sharded on two axes in one dim.
// CHECK-LABEL: func.func {{(private )?}}@iota_and_compare(
// CHECK-SAME: %arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) -> (tensor<8x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) {
// CHECK: %0 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b", "c"}]>]>} : tensor<8x8xi32>
// CHECK: %1 = stablehlo.compare EQ, %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b", "c"}]>]>} : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @iota_and_compare(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) -> tensor<8x8xi1> {
  %0 = stablehlo.iota dim = 1 : tensor<8x8xi32>
  %1 = stablehlo.compare EQ, %0, %arg0 : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
  return %1 : tensor<8x8xi1>
}
