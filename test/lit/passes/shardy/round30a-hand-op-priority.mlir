// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 30a: hand cases of session 36 (op-priority pass): dead readers of block arguments, campaign seeds reduced
// (each checked against jaxlib's Shardy by tests/passes/shardy/test_fidelity.py).
// A callee's argument is also read by a dead op after the add reading it: the add waits in the first op-priority stage until the driver erases the dead op, then the constraint after it wakes the add, which carries the constraint back to the caller's subtract before the subtract (waiting for its own dead reader) takes "b" from its argument (campaign 72416, reduced).
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {}]>}) -> tensor<2x1xf32> {
// CHECK: %cst = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>]>} dense<1.000000e+00> : tensor<2x1xf32>
// CHECK: %0 = stablehlo.add %arg0, %cst {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>]>} : tensor<2x1xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{"b":(2)2, "b":(1)2}, {?}]> : tensor<2x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", "b", ?}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", "b", ?}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}]>]>} : tensor<2x1xf32>
// CHECK: %2 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}]>]>} : tensor<2x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func private @callee(%farg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) -> (tensor<2x1xf32>) {
  %c10 = stablehlo.constant dense<1.000000e+00> : tensor<2x1xf32>
  %v11 = stablehlo.add %farg0, %c10 : tensor<2x1xf32>
  %v16 = stablehlo.exponential %farg0 : tensor<2x1xf32>
  %v17 = sdy.sharding_constraint %v11 <@mesh, [{"b":(2)2, "b":(1)2}, {?}]> : tensor<2x1xf32>
  return %v17 : tensor<2x1xf32>
}
func.func @main(%arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg2: tensor<2x1xf32>, %arg20: tensor<2x1xf32>) -> (tensor<2x1xf32>) {
  %v3 = stablehlo.subtract %arg1, %arg2 : tensor<2x1xf32>
  %v4 = stablehlo.abs %arg2 : tensor<2x1xf32>
  %call19 = func.call @callee(%v3) : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %v21 = stablehlo.add %v3, %arg20 : tensor<2x1xf32>
  return %v21 : tensor<2x1xf32>
}

// -----

// The campaign's module (72416), its callee's constraint inside a case branch beside a dead reader of the callee's argument.
// CHECK-LABEL: func.func {{(private )?}}@callee9(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {}]>}) -> tensor<2x2x1xf32> {
// CHECK: %cst = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>]>} dense<1.000000e+00> : tensor<2x1xf32>
// CHECK: %0 = stablehlo.add %arg0, %cst {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>]>} : tensor<2x1xf32>
// CHECK: %3 = stablehlo.cosine %cst {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>]>} : tensor<2x1xf32>
// CHECK: %3 = sdy.sharding_constraint %0 <@mesh, [{"b":(2)2, "b":(1)2}, {?}]> : tensor<2x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p2, {}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", "b", ?}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", "b", ?}]>}, tensor<1x1x8xf32>) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}]>]>} : tensor<2x1xf32>
// CHECK: %3 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}]>]>} : tensor<2x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func private @callee9(%farg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) -> (tensor<2x2x1xf32>) {
  %c10 = stablehlo.constant dense<1.000000e+00> : tensor<2x1xf32>
  %v11 = stablehlo.add %farg0, %c10 : tensor<2x1xf32>
  %c12 = stablehlo.constant dense<1> : tensor<i32>
  %case13 = "stablehlo.case"(%c12) ({
    %v15 = stablehlo.cosine %c10 : tensor<2x1xf32>
    stablehlo.return %v15 : tensor<2x1xf32>
  }, {
    %v16 = stablehlo.exponential %farg0 : tensor<2x1xf32>
    %v17 = sdy.sharding_constraint %v11 <@mesh, [{"b":(2)2, "b":(1)2}, {?}]> : tensor<2x1xf32>
    stablehlo.return %v17 : tensor<2x1xf32>
  }) : (tensor<i32>) -> tensor<2x1xf32>
  %v18 = stablehlo.broadcast_in_dim %case13, dims = [1, 2] : (tensor<2x1xf32>) -> tensor<2x2x1xf32>
  return %v18 : tensor<2x2x1xf32>
}
func.func @main(%arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p2, {}]>}, %arg20: tensor<2x1xf32>) -> (tensor<2x1xf32>, tensor<1x1x8xf32>) {
  %v3 = stablehlo.subtract %arg1, %arg2 : tensor<2x1xf32>
  %v4 = stablehlo.abs %arg2 : tensor<2x1xf32>
  %c5 = stablehlo.constant dense<0> : tensor<i32>
  %v6 = stablehlo.dynamic_slice %v4, %c5, %c5, sizes = [1, 1] : (tensor<2x1xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
  %i7 = stablehlo.iota dim = 0 : tensor<1x1x8xf32>
  %v8 = stablehlo.dot_general %v6, %i7, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<1x1xf32>, tensor<1x1x8xf32>) -> tensor<1x8xf32>
  %call19 = func.call @callee9(%v3) : (tensor<2x1xf32>) -> tensor<2x2x1xf32>
  %v21 = stablehlo.add %v3, %arg20 : tensor<2x1xf32>
  return %v21, %i7 : tensor<2x1xf32>, tensor<1x1x8xf32>
}

// -----

// As the first case in one function: the add reading the block argument a dead exponential also reads waits until the constraint after the dead op wakes it.
// CHECK-LABEL: func.func {{(private )?}}@dead_reader_of_block_argument(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>}, tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>]>} : tensor<2x1xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>]>} : tensor<2x1xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"b":(2)2, "b":(1)2}, {"a", ?}]> : tensor<2x1xf32>
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {"a", ?}]>]>} : tensor<2x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @dead_reader_of_block_argument(%arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg2: tensor<2x1xf32>, %arg3: tensor<2x1xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>) {
  %x = stablehlo.subtract %arg1, %arg2 : tensor<2x1xf32>
  %z = stablehlo.add %x, %arg3 : tensor<2x1xf32>
  %e = stablehlo.exponential %arg3 : tensor<2x1xf32>
  %w = sdy.sharding_constraint %z <@mesh, [{"b":(2)2, "b":(1)2}, {?}]> : tensor<2x1xf32>
  %v21 = stablehlo.abs %arg2 : tensor<2x1xf32>
  return %w, %v21 : tensor<2x1xf32>, tensor<2x1xf32>
}


// -----

// A loop's operand takes "a" from a callee's argument (through a dynamic slice, in the middle op-priority stage): the loop's data-flow edge, notified of its changed source, gives the loop's result "a" before the dot reading it runs, so the dot's batch factor meets "a" there and the rhs takes the contracting "b" instead (campaign 35083, extended, reduced).
// CHECK-LABEL: func.func {{(private )?}}@callee25(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {?}]>}) -> tensor<f32> {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_3 = %c) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {?}]>, <@mesh, []>]>}
// CHECK: %6 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.dot_general %0#0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func private @callee25(%farg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>) {
  %v27 = stablehlo.tanh %farg0 : tensor<8x8xf32>
  return %v27 : tensor<8x8xf32>
}
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg17: tensor<8x16xf32>) -> (tensor<f32>) {
  %c2 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w7:2 = stablehlo.while(%it5 = %arg1, %i6 = %c2) : tensor<8x16xf32>, tensor<i32>
    cond {
    %v14 = stablehlo.compare LT, %i6, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v14 : tensor<i1>
  } do {
    %v10 = stablehlo.negate %it5 : tensor<8x16xf32>
    %v13 = stablehlo.add %i6, %c3 : tensor<i32>
    stablehlo.return %v10, %v13 : tensor<8x16xf32>, tensor<i32>
  }
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_slice %arg1, %c15, %c15, sizes = [8, 8] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  %v18 = stablehlo.dot_general %w7#0, %arg17, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
  %v19 = sdy.sharding_constraint %v18 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
  %call28 = func.call @callee25(%v16) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v30 = stablehlo.reduce(%v19 init: %c29) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %v30 : tensor<f32>
}


// -----

// A sharding group whose members disagree gets open constraints (the group import) before the dead ops are placed: the subtract reading the constrained value and read only by a dead compare still dies when the driver erases the compare, so the manual computation's "b" never reaches the group (campaign 72561, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x8x2x2xf32>, %arg1: tensor<4x8x16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}, {"a"}, {}]>}) -> (tensor<2x2x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = sdy.sharding_constraint %arg1 <@mesh, [{?}, {?}, {"a", ?}, {?}]> : tensor<4x8x16x1xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{"a":(1)2, ?}, {?}, {?}, {}]> : tensor<4x8x16x1xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {?}, {"a", ?}, {?}]> : tensor<4x8x16x1xf32>
// CHECK: sdy.sharding_group %2 group_id=0 : tensor<4x8x16x1xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<4x8x16x1xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{?}, {"b"}, {?}, {?}]>] out_shardings=[<@mesh, [{}, {"b", ?}, {}, {}]>] manual_axes={"b"} (%arg2: tensor<4x4x16x1xf32>) {
// CHECK: %6 = sdy.sharding_constraint %arg2 <@mesh, [{?}, {}, {}, {}], replicated={"a"}> : tensor<4x4x16x1xf32>
// CHECK: %4 = stablehlo.reduce(%2 init: %cst) applies stablehlo.maximum across dimensions = [3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a", ?}]>]>} : (tensor<4x8x16x1xf32>, tensor<f32>) -> tensor<4x8x16xf32>
// CHECK: %5 = stablehlo.reshape %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {?}, {"a", ?}]>]>} : (tensor<4x8x16xf32>) -> tensor<2x2x8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @main(%arg1: tensor<3x8x2x2xf32>, %arg2: tensor<4x8x16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}, {"a"}, {}]>}) -> (tensor<2x2x8x16xf32>) {
  %v14 = sdy.sharding_constraint %arg2 <@mesh, [{"a":(1)2, ?}, {?}, {?}, {}]> : tensor<4x8x16x1xf32>
  sdy.sharding_group %v14 group_id=0 : tensor<4x8x16x1xf32>
  sdy.sharding_group %arg2 group_id=0 : tensor<4x8x16x1xf32>
  %mc18 = sdy.manual_computation(%v14) in_shardings=[<@mesh, [{?}, {"b"}, {?}, {?}]>] out_shardings=[<@mesh, [{}, {"b", ?}, {}, {}]>] manual_axes={"b"} (%m15: tensor<4x4x16x1xf32>) {
    %v17 = sdy.sharding_constraint %m15 <@mesh, [{?}, {}, {}, {}], replicated={"a"}> : tensor<4x4x16x1xf32>
    sdy.return %v17 : tensor<4x4x16x1xf32>
  } : (tensor<4x8x16x1xf32>) -> tensor<4x8x16x1xf32>
  %v21 = stablehlo.subtract %mc18, %v14 : tensor<4x8x16x1xf32>
  %v22 = stablehlo.compare GT, %v21, %arg2 : (tensor<4x8x16x1xf32>, tensor<4x8x16x1xf32>) -> tensor<4x8x16x1xi1>
  %c27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v28 = stablehlo.reduce(%v14 init: %c27) applies stablehlo.maximum across dimensions = [3] : (tensor<4x8x16x1xf32>, tensor<f32>) -> tensor<4x8x16xf32>
  %v29 = stablehlo.reshape %v28 : (tensor<4x8x16xf32>) -> tensor<2x2x8x16xf32>
  return %v29 : tensor<2x2x8x16xf32>
}

// -----

// Dynamic arguments returned with and without shardings of their own and on annotated results: Shardy propagates nothing to or from a value of a dynamic shape.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_arguments_and_results(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<?x8xf32>, %arg2: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<?x8xf32>, tensor<?x8xf32>) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dynamic_arguments_and_results(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<?x8xf32>, %arg2: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32>, tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<?x8xf32>, tensor<?x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0, %arg1, %arg2, %arg2 : tensor<8x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// An optimization barrier's operand takes "a" from a callee's argument after the barrier, a dot reading the barrier under a constraint (campaign 35083's loop replaced; agreed before too).
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {?}]>}) -> tensor<f32> {
// CHECK: %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {?}]>]>} %arg0 : tensor<8x16xf32>
// CHECK: %2 = stablehlo.dot_general %0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func private @callee(%farg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>) {
  %v27 = stablehlo.tanh %farg0 : tensor<8x8xf32>
  return %v27 : tensor<8x8xf32>
}
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg17: tensor<8x16xf32>) -> (tensor<f32>) {
  %w7 = stablehlo.optimization_barrier %arg1 : tensor<8x16xf32>
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_slice %arg1, %c15, %c15, sizes = [8, 8] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  %v18 = stablehlo.dot_general %w7, %arg17, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
  %v19 = sdy.sharding_constraint %v18 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
  %call28 = func.call @callee(%v16) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v30 = stablehlo.reduce(%v19 init: %c29) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %v30 : tensor<f32>
}

// -----

// As above through a case whose branches return the operand (one negated).
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {?}]>}) -> tensor<f32> {
// CHECK: %6 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {?}]>]>} : (tensor<i32>) -> tensor<8x16xf32>
// CHECK: %2 = stablehlo.dot_general %0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func private @callee(%farg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>) {
  %v27 = stablehlo.tanh %farg0 : tensor<8x8xf32>
  return %v27 : tensor<8x8xf32>
}
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg17: tensor<8x16xf32>) -> (tensor<f32>) {
  %k = stablehlo.constant dense<1> : tensor<i32>
  %w7 = "stablehlo.case"(%k) ({
    %n = stablehlo.negate %arg1 : tensor<8x16xf32>
    stablehlo.return %n : tensor<8x16xf32>
  }, {
    stablehlo.return %arg1 : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_slice %arg1, %c15, %c15, sizes = [8, 8] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  %v18 = stablehlo.dot_general %w7, %arg17, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
  %v19 = sdy.sharding_constraint %v18 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
  %call28 = func.call @callee(%v16) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v30 = stablehlo.reduce(%v19 init: %c29) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %v30 : tensor<f32>
}

// -----

// As above through an if.
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {?}]>}) -> tensor<f32> {
// CHECK: %6 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {?}]>]>} : (tensor<i1>) -> tensor<8x16xf32>
// CHECK: %2 = stablehlo.dot_general %0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func private @callee(%farg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>) {
  %v27 = stablehlo.tanh %farg0 : tensor<8x8xf32>
  return %v27 : tensor<8x8xf32>
}
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg17: tensor<8x16xf32>) -> (tensor<f32>) {
  %k = stablehlo.constant dense<true> : tensor<i1>
  %w7 = "stablehlo.if"(%k) ({
    %n = stablehlo.negate %arg1 : tensor<8x16xf32>
    stablehlo.return %n : tensor<8x16xf32>
  }, {
    stablehlo.return %arg1 : tensor<8x16xf32>
  }) : (tensor<i1>) -> tensor<8x16xf32>
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_slice %arg1, %c15, %c15, sizes = [8, 8] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  %v18 = stablehlo.dot_general %w7, %arg17, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
  %v19 = sdy.sharding_constraint %v18 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
  %call28 = func.call @callee(%v16) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v30 = stablehlo.reduce(%v19 init: %c29) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %v30 : tensor<f32>
}

// -----

// As above through a named computation (the bare passes only: Shardy's pipeline refuses named computations).
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {?}]>}) -> tensor<f32> {
// CHECK: %2 = stablehlo.dot_general %0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func private @callee(%farg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>) {
  %v27 = stablehlo.tanh %farg0 : tensor<8x8xf32>
  return %v27 : tensor<8x8xf32>
}
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg17: tensor<8x16xf32>) -> (tensor<f32>) {
  %w7 = sdy.named_computation<"n">(%arg1) (%x: tensor<8x16xf32>) {
    %n = stablehlo.negate %x : tensor<8x16xf32>
    sdy.return %n : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_slice %arg1, %c15, %c15, sizes = [8, 8] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  %v18 = stablehlo.dot_general %w7, %arg17, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
  %v19 = sdy.sharding_constraint %v18 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
  %call28 = func.call @callee(%v16) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v30 = stablehlo.reduce(%v19 init: %c29) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %v30 : tensor<f32>
}
