// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: hand cases on Shardy's upstream pipeline themes (all agree with Shardy): nested
// manual computations with a free axis constrained inside, a case inside a loop body, calls
// between propagation barriers, a barrier inside a loop with a group on a body argument, and a
// manual computation over a sub-axis of its manual axis.

// CHECK-LABEL: func.func {{(private )?}}@nested_manual_computations_free_axis(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a", "c"}, {"b"}]>, <@mesh, [{"a", "c"}, {"b"}]>] out_shardings=[<@mesh, [{"a", "c"}, {"b"}]>] manual_axes={"a"} (%arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>) {
// CHECK: %1 = sdy.manual_computation(%arg2, %arg3) in_shardings=[<@mesh, [{"c"}, {"b"}]>, <@mesh, [{"c"}, {"b"}]>] out_shardings=[<@mesh, [{"c"}, {"b"}]>] manual_axes={"b"} (%arg4: tensor<4x4xf32>, %arg5: tensor<4x4xf32>) {
// CHECK: %3 = stablehlo.add %arg4, %arg5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : tensor<4x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"c"}, {}]> : tensor<4x4xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_manual_computations_free_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) {
    %1 = sdy.manual_computation(%x, %y) in_shardings=[<@mesh, [{?}, {"b", ?}]>, <@mesh, [{?}, {"b", ?}]>] out_shardings=[<@mesh, [{?}, {"b", ?}]>] manual_axes={"b"} (%u: tensor<4x4xf32>, %v: tensor<4x4xf32>) {
      %2 = stablehlo.add %u, %v : tensor<4x4xf32>
      %3 = sdy.sharding_constraint %2 <@mesh, [{"c", ?}, {?}]> : tensor<4x4xf32>
      sdy.return %3 : tensor<4x4xf32>
    } : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %4 = stablehlo.negate %1 : tensor<4x8xf32>
    sdy.return %4 : tensor<4x8xf32>
  } : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_in_loop_body(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %6 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %6 = sdy.reshard %iterArg <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK: %4 = sdy.constant dense<1> : tensor<i32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @case_in_loop_body(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %r = "stablehlo.case"(%arg1) ({
      %n = stablehlo.negate %it : tensor<8x8xf32>
      stablehlo.return %n : tensor<8x8xf32>
    }, {
      %s = sdy.sharding_constraint %it <@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
      stablehlo.return %s : tensor<8x8xf32>
    }) : (tensor<i32>) -> tensor<8x8xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %r, %n2 : tensor<8x8xf32>, tensor<i32>
  }
  return %w#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %2 = sdy.propagation_barrier %1 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_behind_barrier(
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD : tensor<8x8xf32>
  %1 = func.call @callee_behind_barrier(%0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=FORWARD : tensor<8x8xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
func.func private @callee_behind_barrier(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_in_loop_with_group(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %4:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>]>} %iterArg, %iterArg_0 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK: %5 = stablehlo.multiply %4#0, %4#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %6 = sdy.constant dense<1> : tensor<i32>
// CHECK: %3 = sdy.reshard %2#1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @barrier_in_loop_with_group(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:3 = stablehlo.while(%it = %arg0, %jt = %arg1, %i = %c0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %b:2 = stablehlo.optimization_barrier %it, %jt : tensor<8x8xf32>, tensor<8x8xf32>
    %m = stablehlo.multiply %b#0, %b#1 : tensor<8x8xf32>
    sdy.sharding_group %m group_id=3 : tensor<8x8xf32>
    sdy.sharding_group %jt group_id=3 : tensor<8x8xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %m, %b#1, %n2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
  }
  %c = sdy.sharding_constraint %w#1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %w#0, %c : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_sub_axis_of_manual_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a":(1)2}, {}]>] out_shardings=[<@mesh, [{"a":(1)2}, {}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_sub_axis_of_manual_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a":(1)2, ?}, {?}]>] out_shardings=[<@mesh, [{"a":(1)2, ?}, {?}]>] manual_axes={"a"} (%x: tensor<8x8xf32>) {
    %1 = stablehlo.negate %x : tensor<8x8xf32>
    %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.add %2, %x : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
