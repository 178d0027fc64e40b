// SHARDY: sdy-user-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 31a: themes of Shardy's upstream tests written by hand in session 37 (user priority), each
// checked against jaxlib's Shardy by tests/passes/shardy/test_fidelity.py. Themes and case counts:
//   named computations nested, in/out shardings with priorities   2
//   propagation barriers FORWARD / BACKWARD   2
//   user priorities in while / case bodies   2
//   sub-axes through reshape chains with size-1 dims   2
//   constraints on a while body's argument   1
//   custom calls with sdy.sharding_rule (need_replication, blocked, reduction)   2
// named: Nested named computations, the inner one's out_sharding closed on "b": the outer body's result and the outer named computation's result take it, the caller's negate too.
// CHECK-LABEL: func.func {{(private )?}}@named_nested(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
// CHECK: %2 = sdy.named_computation<"inner">(%arg1) out_shardings=[<@mesh, [{}, {"b"}]>] (%arg2: tensor<8x16xf32>) {
// CHECK: %3 = stablehlo.exponential %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_nested(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = sdy.named_computation<"outer">(%arg0) (%a: tensor<8x16xf32>) {
    %1 = sdy.named_computation<"inner">(%a) out_shardings=[<@mesh, [{}, {"b"}]>] (%b: tensor<8x16xf32>) {
      %2 = stablehlo.abs %b : tensor<8x16xf32>
      sdy.return %2 : tensor<8x16xf32>
    } : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.exponential %1 : tensor<8x16xf32>
    sdy.return %3 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %4 = stablehlo.negate %0 : tensor<8x16xf32>
  return %4 : tensor<8x16xf32>
}

// -----

// named: A named computation's in_sharding "a" p1 beside the caller's p0 argument sharding "b" on the other dim: the body takes "a" only, "b" stays outside.
// CHECK-LABEL: func.func {{(private )?}}@named_in_priority(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x16xf32> {
// CHECK: %0 = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"a", ?}p1, {?}]>] (%arg1: tensor<8x16xf32>) {
// CHECK: %1 = stablehlo.cosine %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_in_priority(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}p0]>}) -> tensor<8x16xf32> {
  %0 = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"a", ?}p1, {?}]>] (%a: tensor<8x16xf32>) {
    %1 = stablehlo.cosine %a : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// barriers: A FORWARD barrier lets the argument's "a" through to the add but not the constraint's "b" back.
// CHECK-LABEL: func.func {{(private )?}}@barrier_forward(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_forward(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x16xf32>
  %1 = stablehlo.add %0, %0 : tensor<8x16xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// barriers: A BACKWARD barrier lets the constraint's "b" back to the argument but not the argument's "a" forward.
// CHECK-LABEL: func.func {{(private )?}}@barrier_backward(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_backward(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD : tensor<8x16xf32>
  %1 = stablehlo.add %0, %0 : tensor<8x16xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// priorities: A p1 argument sharding and a p0 constraint inside a while body on the same dim: the constraint's axis wins for the loop.
// CHECK-LABEL: func.func {{(private )?}}@while_priorities(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>, <@mesh, []>]>}
// CHECK: %1 = stablehlo.sine %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}, {?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @while_priorities(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {?}]>}) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %v = stablehlo.sine %it : tensor<8x16xf32>
    %w = sdy.sharding_constraint %v <@mesh, [{"b", ?}p0, {?}]> : tensor<8x16xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %w, %n : tensor<8x16xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x16xf32>
}

// -----

// priorities: Case branches with constraints of different priorities on one dim: the p0 branch's axis wins for the case result.
// CHECK-LABEL: func.func {{(private )?}}@case_priorities(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg1: tensor<i32>) -> tensor<8x16xf32> {
// CHECK: %1 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}, {?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @case_priorities(%arg0: tensor<8x16xf32>, %idx: tensor<i32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.case"(%idx) ({
    %v = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}p2, {?}]> : tensor<8x16xf32>
    stablehlo.return %v : tensor<8x16xf32>
  }, {
    %w = stablehlo.negate %arg0 : tensor<8x16xf32>
    %x = sdy.sharding_constraint %w <@mesh, [{"b", ?}p0, {?}]> : tensor<8x16xf32>
    stablehlo.return %x : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// sub-axes: A reshape chain through size-1 dims splits "b" into sub-axes: 16 -> 1x4x4 -> 4x1x4 -> 16.
// CHECK-LABEL: func.func {{(private )?}}@reshape_size_one(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b":(1)4, ?}, {"b":(4)2, ?}]>]>} : (tensor<16xf32>) -> tensor<1x4x4xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [1, 0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4, ?}, {?}, {"b":(4)2, ?}]>]>} : (tensor<1x4x4xf32>) -> tensor<4x1x4xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<4x1x4xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func @reshape_size_one(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<1x4x4xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0, 2] : (tensor<1x4x4xf32>) -> tensor<4x1x4xf32>
  %2 = stablehlo.reshape %1 : (tensor<4x1x4xf32>) -> tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// sub-axes: A sub-axis "b":(2)4 reaches a size-1 dim after a reshape; the next reshape takes it back.
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_size_one(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {"b":(2)4}]>}) -> (tensor<8x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}, {"b":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}, {?}, {"b":(2)4, ?}]>]>} : (tensor<8x4xf32>) -> tensor<8x1x4xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}, {?}, {"b":(2)4, ?}]>]>} : tensor<8x1x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func @sub_axis_size_one(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {"b":(2)4}]>}) -> tensor<8x1x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<8x1x4xf32>
  %1 = stablehlo.abs %0 : tensor<8x1x4xf32>
  return %1 : tensor<8x1x4xf32>
}

// -----

// block args: A constraint on a while body's argument shards the loop, its operand and result.
// CHECK-LABEL: func.func {{(private )?}}@while_arg_constraint(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %2 = sdy.sharding_constraint %iterArg <@mesh, [{}, {"b"}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.sine %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @while_arg_constraint(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %a = sdy.sharding_constraint %it <@mesh, [{}, {"b"}]> : tensor<8x16xf32>
    %v = stablehlo.sine %a : tensor<8x16xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %v, %n : tensor<8x16xf32>, tensor<i32>
  }
  %1 = stablehlo.negate %0#0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// custom rules: A custom call whose rule makes k a need-replication factor and j blocked: i and k take the operand's axes (a need-replication factor propagates as any other), j does not.
// CHECK-LABEL: func.func {{(private )?}}@rule_need_replication(
// CHECK-SAME: %arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=8, j=16, k=4} need_replication={k} blocked_propagation={j}, custom>} : (tensor<8x16x4xf32>) -> tensor<8x16x4xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>} : tensor<8x16x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @rule_need_replication(%arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<8x16x4xf32> {
  %0 = stablehlo.custom_call @op(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=8, j=16, k=4} need_replication={k} blocked_propagation={j}, custom>} : (tensor<8x16x4xf32>) -> tensor<8x16x4xf32>
  %1 = stablehlo.abs %0 : tensor<8x16x4xf32>
  return %1 : tensor<8x16x4xf32>
}

// -----

// custom rules: A reduction factor of a custom call: the operand's axis on it stays behind (the result has no such dim), the batch factor goes through.
// CHECK-LABEL: func.func {{(private )?}}@rule_reduction(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}, custom>} : (tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @rule_reduction(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @op(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}, custom>} : (tensor<8x16xf32>) -> tensor<8xf32>
  %1 = stablehlo.negate %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
