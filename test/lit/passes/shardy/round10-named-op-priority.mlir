// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 10: named computations as Shardy's tests write them: in/out shardings given or not, nested, in loops, called twice by name, results unused, with groups and constraints inside.

// CHECK-LABEL: func.func {{(private )?}}@named_in_out_shardings(
// CHECK-SAME: %arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_in_out_shardings(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.abs %0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_nested(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_nested(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"outer">(%arg0) (%arg1: tensor<8x8xf32>) {
    %1 = sdy.named_computation<"inner">(%arg1) (%arg2: tensor<8x8xf32>) {
      %2 = stablehlo.negate %arg2 : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_backward_from_result(
// CHECK-SAME: %arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_backward_from_result(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_two_results_one_unused(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_two_results_one_unused(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0:2 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = stablehlo.abs %arg1 : tensor<8x8xf32>
    sdy.return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>)
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_same_name_twice(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_same_name_twice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg2: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg2 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.named_computation<"foo">(%arg1) (%arg2: tensor<8x8xf32>) {
    %3 = stablehlo.negate %arg2 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_constraint_inside(
// CHECK: %2 = sdy.sharding_constraint %arg1 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_constraint_inside(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x8xf32>) {
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
    %2 = stablehlo.negate %1 : tensor<8x8xf32>
    sdy.return %2 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = stablehlo.abs %0 : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_dot_inside(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_dot_inside(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"mm">(%arg0, %arg1) (%arg2: tensor<8x16xf32>, %arg3: tensor<16x8xf32>) {
    %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_in_loop_body(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_in_loop_body(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_0, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.named_computation<"body">(%iterArg) (%arg1: tensor<8x8xf32>) {
      %2 = stablehlo.negate %arg1 : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_out_sharding_priority(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.named_computation<"foo">(%arg0) out_shardings=[<@mesh, [{?}, {"b"}p1]>] (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_out_sharding_priority(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) out_shardings=[<@mesh, [{?}, {"b"}p1]>] (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.abs %0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_named_computation_operand(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) {
// CHECK: sdy.sharding_group %arg1 group_id=2 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %arg0 group_id=2 : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_named_computation_operand(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.named_computation<"foo">(%arg1) (%arg2: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg2 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=2 : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id=2 : tensor<8x8xf32>
  %2 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}
