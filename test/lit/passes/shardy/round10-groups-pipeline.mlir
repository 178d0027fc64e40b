// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 10: sharding groups across data-flow edges (loops, branches, named computations), with constraints, priorities and several groups.

// CHECK-LABEL: func.func {{(private )?}}@group_loop_result_and_arg(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_loop_result_and_arg(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_0, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %iterArg : tensor<8x8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  sdy.sharding_group %arg0 group_id=3 : tensor<8x8xf32>
  sdy.sharding_group %0#0 group_id=3 : tensor<8x8xf32>
  %2 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0#0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_inside_loop_body(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_inside_loop_body(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_0, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %iterArg : tensor<8x8xf32>
    sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
    sdy.sharding_group %arg1 group_id=0 : tensor<8x8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_across_case_branches(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %1 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_across_case_branches(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %1 = stablehlo.negate %arg2 : tensor<8x8xf32>
    sdy.sharding_group %1 group_id=1 : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.abs %arg1 : tensor<8x8xf32>
    sdy.sharding_group %1 group_id=1 : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@two_groups_meet_in_add(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.add %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @two_groups_meet_in_add(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg2 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=1 : tensor<8x8xf32>
  sdy.sharding_group %arg3 group_id=1 : tensor<8x8xf32>
  %0 = stablehlo.add %arg2, %arg3 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_with_priority_member(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_with_priority_member(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {?}]>}, %arg2: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg2 group_id=0 : tensor<8x8xf32>
  %0 = stablehlo.add %arg1, %arg2 : tensor<8x8xf32>
  %1 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_of_constraint_and_dot(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_of_constraint_and_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=5 : tensor<8x8xf32>
  sdy.sharding_group %2 group_id=5 : tensor<8x8xf32>
  return %0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_spans_manual_computation_operand(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg2: tensor<4x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_spans_manual_computation_operand(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<8x8xf32>
  %0 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg2: tensor<4x8xf32>) {
    %1 = stablehlo.negate %arg2 : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
