// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 30a: hand cases of session 36 (Shardy's pipeline): dead readers of block arguments, data-flow edges woken by their sources, manual computations and constraints asking one value for a sharding, dynamic shapes and tuples at function boundaries, campaign seeds reduced
// (each checked against jaxlib's Shardy by tests/passes/shardy/test_fidelity.py).
// A callee's argument is also read by a dead op after the add reading it: the add waits in the first op-priority stage until the driver erases the dead op, then the constraint after it wakes the add, which carries the constraint back to the caller's subtract before the subtract (waiting for its own dead reader) takes "b" from its argument (campaign 72416, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b":(2)2}, {}]> : tensor<2x1xf32>
// CHECK: %2 = call @callee(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {}]>]>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK: %3 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {}]>]>} dense<1.000000e+00> : tensor<2x1xf32>
// CHECK: %1 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {}]>]>} : tensor<2x1xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b":(2)2, "b":(1)2}, {}]> : tensor<2x1xf32>
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
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<1x1x8xf32>) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b":(2)2}, {}]> : tensor<2x1xf32>
// CHECK: %3 = call @callee9(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(2)2}, {}]>]>} : (tensor<2x1xf32>) -> tensor<2x2x1xf32>
// CHECK: %4 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee9(
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {}]>}) -> (tensor<2x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(2)2}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {}]>]>} dense<1.000000e+00> : tensor<2x1xf32>
// CHECK: %1 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {}]>]>} : tensor<2x1xf32>
// CHECK: %2 = sdy.constant dense<1> : tensor<i32>
// CHECK: %5 = stablehlo.cosine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {}]>]>} : tensor<2x1xf32>
// CHECK: %5 = sdy.reshard %1 <@mesh, [{"b":(2)2, "b":(1)2}, {}]> : tensor<2x1xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {}]>]>} : (tensor<i32>) -> tensor<2x1xf32>
// CHECK: %4 = stablehlo.broadcast_in_dim %3, dims = [1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(2)2, "b":(1)2}, {}]>]>} : (tensor<2x1xf32>) -> tensor<2x2x1xf32>
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
// CHECK-SAME: %arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]> : tensor<2x1xf32>
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2}, {"a"}]>]>} : tensor<2x1xf32>
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
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<f32> {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %10 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.dynamic_slice %arg0, %0, %0, sizes = [8, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
// CHECK: %5 = stablehlo.dot_general %3#0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
// CHECK: %7 = call @callee25(%4) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %8 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK-LABEL: func.func {{(private )?}}@callee25(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
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

// Two dead manual computations read one argument with one in_sharding (replicated, the unused manual axis replicated by Shardy's cleanup): Shardy's import applies it (the two ask for the same sharding), so the argument ends closed and replicated (campaign 72771, reduced).
// CHECK-LABEL: func.func {{(private )?}}@equal_manual_in_shardings(
// CHECK-SAME: %arg0: tensor<4x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<6xf32>) -> tensor<6xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @equal_manual_in_shardings(%arg3: tensor<4x2x4xf32>, %arg4: tensor<6xf32>) -> (tensor<6xf32>) {
  %mc9 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}, {}, {}]>] manual_axes={"a"} (%m4: tensor<4x2x4xf32>) {
    sdy.return %m4 : tensor<4x2x4xf32>
  } : (tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  %mc18 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}, {}, {}]>] manual_axes={"a"} (%m16: tensor<4x2x4xf32>) {
    sdy.return %m16 : tensor<4x2x4xf32>
  } : (tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  return %arg4 : tensor<6xf32>
}

// -----

// A manual computation and a constraint asking one argument for the same sharding once the manual axis is replicated: applied.
// CHECK-LABEL: func.func {{(private )?}}@manual_and_constraint_agree(
// CHECK-SAME: %arg0: tensor<4x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<6xf32>) -> tensor<6xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @manual_and_constraint_agree(%arg3: tensor<4x2x4xf32>, %arg4: tensor<6xf32>) -> (tensor<6xf32>) {
  %mc9 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}, {}, {}]>] manual_axes={"a"} (%m4: tensor<4x2x4xf32>) {
    sdy.return %m4 : tensor<4x2x4xf32>
  } : (tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  %k = sdy.sharding_constraint %arg3 <@mesh, [{}, {}, {}], replicated={"a"}> : tensor<4x2x4xf32>
  return %arg4 : tensor<6xf32>
}

// -----

// A manual computation and a constraint asking for shardings that differ only in the replicated manual axis: neither applies.
// CHECK-LABEL: func.func {{(private )?}}@manual_and_constraint_differ(
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @manual_and_constraint_differ(%arg3: tensor<4x2x4xf32>, %arg4: tensor<6xf32>) -> (tensor<6xf32>) {
  %mc9 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}, {}, {}]>] manual_axes={"a"} (%m4: tensor<4x2x4xf32>) {
    sdy.return %m4 : tensor<4x2x4xf32>
  } : (tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  %k = sdy.sharding_constraint %arg3 <@mesh, [{}, {}, {}]> : tensor<4x2x4xf32>
  return %arg4 : tensor<6xf32>
}

// -----

// Two manual computations with one in_sharding but different manual axes: the cleaned shardings differ, neither applies.
// CHECK-LABEL: func.func {{(private )?}}@manual_axes_differ(
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @manual_axes_differ(%arg3: tensor<4x2x4xf32>, %arg4: tensor<6xf32>) -> (tensor<6xf32>) {
  %mc9 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}, {}, {}]>] manual_axes={"a"} (%m4: tensor<4x2x4xf32>) {
    sdy.return %m4 : tensor<4x2x4xf32>
  } : (tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  %mc18 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}, {}, {}]>] manual_axes={"b"} (%m16: tensor<4x2x4xf32>) {
    sdy.return %m16 : tensor<4x2x4xf32>
  } : (tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  return %arg4 : tensor<6xf32>
}

// -----

// The campaign's module (72771): two dead manual computations reading one argument, groups, a call.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x8x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}, %arg1: tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg2: tensor<4x2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> tensor<6xf32> {
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}]> : tensor<6xf32>
// CHECK: %3 = call @callee19(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<6xf32>) -> tensor<6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee19(
sdy.mesh @mesh = <["a"=2]>
func.func private @callee19(%farg0: tensor<6xf32>) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %v20 = stablehlo.tanh %farg0 : tensor<6xf32>
  return %v20 : tensor<6xf32>
}
func.func @main(%arg1: tensor<3x8x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}, {}, {"a"}p2]>}, %arg2: tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a"}p1]>}, %arg3: tensor<4x2x3xf32>) -> (tensor<6xf32>) {
  %mc9 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m4: tensor<4x2x3xf32>) {
    %c5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %v6 = stablehlo.pad %m4, %c5, low = [0, 0, 0], high = [0, 0, 1], interior = [0, 0, 0] : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<4x2x4xf32>
    %c7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %v8 = stablehlo.reduce(%v6 init: %c7) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x2x4xf32>, tensor<f32>) -> tensor<4xf32>
    sdy.return %v8 : tensor<4xf32>
  } : (tensor<4x2x3xf32>) -> tensor<4xf32>
  sdy.sharding_group %mc9 group_id=0 : tensor<4xf32>
  %c10 = stablehlo.constant dense<0> : tensor<i32>
  %v11 = stablehlo.dynamic_slice %mc9, %c10, sizes = [4] : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  %v12 = stablehlo.reshape %arg2 : (tensor<3x2xf32>) -> tensor<6xf32>
  %v13 = stablehlo.multiply %v12, %v12 : tensor<6xf32>
  %v14 = sdy.sharding_constraint %v13 <@mesh, [{?}]> : tensor<6xf32>
  %v15 = stablehlo.reshape %arg2 : (tensor<3x2xf32>) -> tensor<6xf32>
  %mc18 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{"a", ?}, {}, {}]>] manual_axes={"a"} (%m16: tensor<4x2x3xf32>) {
    %v17 = sdy.sharding_constraint %m16 <@mesh, [{}, {}, {}]> : tensor<4x2x3xf32>
    sdy.return %v17 : tensor<4x2x3xf32>
  } : (tensor<4x2x3xf32>) -> tensor<8x2x3xf32>
  sdy.sharding_group %v12 group_id=1 : tensor<6xf32>
  sdy.sharding_group %v15 group_id=1 : tensor<6xf32>
  %call21 = func.call @callee19(%v14) : (tensor<6xf32>) -> tensor<6xf32>
  return %call21 : tensor<6xf32>
}

// -----

// A function argument of a dynamic shape returned as it is: Shardy propagates nothing to or from it (its result stays open), beside a static one.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_argument_returned(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<?x8xf32>) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dynamic_argument_returned(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<?x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0, %arg1 : tensor<8x8xf32>, tensor<?x8xf32>
}

// -----

// Dynamic arguments returned with and without shardings of their own and on annotated results: nothing moves between them.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_arguments_and_results(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<?x8xf32>, %arg2: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<?x8xf32>, tensor<?x8xf32>) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dynamic_arguments_and_results(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<?x8xf32>, %arg2: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32>, tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<?x8xf32>, tensor<?x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0, %arg1, %arg2, %arg2 : tensor<8x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// A tuple argument read through get_tuple_element (Shardy refuses tuple results only): the elements take the sharded operand's axes as any value.
// CHECK-LABEL: func.func {{(private )?}}@tuple_argument_elements(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tuple<tensor<8x8xf32>, tensor<8xf32>>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = stablehlo.get_tuple_element %arg1[0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.get_tuple_element %arg1[1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8xf32>
// CHECK: %2 = stablehlo.add %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %3 = stablehlo.broadcast_in_dim %1, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8xf32>) -> tensor<8x8xf32>
// CHECK: %4 = stablehlo.multiply %2, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @tuple_argument_elements(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %t: tuple<tensor<8x8xf32>, tensor<8xf32>>) -> (tensor<8x8xf32>, tensor<8xf32>) {
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8x8xf32>
  %1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8xf32>
  %2 = stablehlo.add %0, %arg0 : tensor<8x8xf32>
  %3 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %4 = stablehlo.multiply %2, %3 : tensor<8x8xf32>

  return %4, %1 : tensor<8x8xf32>, tensor<8xf32>
}

// -----

// A returned call result whose callee returns a value with the user's uneven result sharding ("a":(2)4, "b" on a dim of size 2): the named computation's result equals the func result until export makes both even, so no reshard (campaign 73199).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<2x32xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a":(2)2}, {}]>}, tensor<1024xf32>) {
// CHECK: %0 = stablehlo.multiply %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<32x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<32x32xf32>
// CHECK: %3 = stablehlo.tanh %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(2)2}]>]>} : tensor<32x32xf32>
// CHECK: %4 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %5 = stablehlo.reduce(%3 init: %4) applies stablehlo.maximum across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}]>]>} : (tensor<32x32xf32>, tensor<f32>) -> tensor<32xf32>
// CHECK: %6 = call @callee8(%5) {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a":(2)2}, {}]>]>} : (tensor<32xf32>) -> tensor<2x32xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee8(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}]>}) -> (tensor<2x32xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a":(2)2}, {}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a":(2)4, "b"}, {}]>]>} : (tensor<32xf32>) -> tensor<2x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh1 = <["a"=8, "b"=4]>
sdy.mesh @mesh2 = <["a"=2, "b"=4]>
func.func private @callee8(%farg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, ?}p0]>}) -> (tensor<2x32xf32>) {
  %v9 = sdy.sharding_constraint %farg0 <@mesh, [{"a"}]> : tensor<32xf32>
  %v10 = stablehlo.subtract %v9, %v9 : tensor<32xf32>
  %v11 = stablehlo.broadcast_in_dim %farg0, dims = [1] : (tensor<32xf32>) -> tensor<2x32xf32>
  return %v11 : tensor<2x32xf32>
}
func.func @main(%arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}p1]>}) -> (tensor<2x32xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a":(2)4, "b"}, {}]>}, tensor<1024xf32>) {
  %v2 = stablehlo.multiply %arg1, %arg1 : tensor<32x32xf32>
  %v3 = sdy.sharding_constraint %v2 <@mesh, [{}, {}]> : tensor<32x32xf32>
  %v4 = stablehlo.reshape %v3 : (tensor<32x32xf32>) -> tensor<1024xf32>
  %v5 = stablehlo.tanh %v3 : tensor<32x32xf32>
  %c6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v7 = stablehlo.reduce(%v5 init: %c6) applies stablehlo.maximum across dimensions = [0] : (tensor<32x32xf32>, tensor<f32>) -> tensor<32xf32>
  %call12 = func.call @callee8(%v7) : (tensor<32xf32>) -> tensor<2x32xf32>
  return %call12, %v4 : tensor<2x32xf32>, tensor<1024xf32>
}

// -----

// An optimization barrier's operand takes "a" from a callee's argument after the barrier, a dot reading the barrier under a constraint (campaign 35083's loop replaced; agreed before too).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<f32> {
// CHECK: %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} %arg0 : tensor<8x16xf32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
// CHECK: %2 = stablehlo.dynamic_slice %arg0, %1, %1, sizes = [8, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
// CHECK: %3 = stablehlo.dot_general %0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
// CHECK: %5 = call @callee(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %6 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
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
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<f32> {
// CHECK: %0 = sdy.constant dense<1> : tensor<i32>
// CHECK: %9 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x16xf32>
// CHECK: %2 = sdy.constant dense<0> : tensor<i32>
// CHECK: %3 = stablehlo.dynamic_slice %arg0, %2, %2, sizes = [8, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
// CHECK: %4 = stablehlo.dot_general %1, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
// CHECK: %6 = call @callee(%3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %7 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
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
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<f32> {
// CHECK: %0 = sdy.constant dense<true> : tensor<i1>
// CHECK: %9 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2}, {}]>]>} : (tensor<i1>) -> tensor<8x16xf32>
// CHECK: %2 = sdy.constant dense<0> : tensor<i32>
// CHECK: %3 = stablehlo.dynamic_slice %arg0, %2, %2, sizes = [8, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
// CHECK: %4 = stablehlo.dot_general %1, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"b", "a":(1)2}]> : tensor<8xf32>
// CHECK: %6 = call @callee(%3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %7 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
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

// A concatenate of operands on two meshes of one shape (device ids apart): Shardy's export computes it on the first operand's (the result's) mesh and reshards the other operand there (campaign 73482).
// CHECK-LABEL: func.func {{(private )?}}@concat_meshes_cc1(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<4x16xf32> {
// CHECK: %0 = sdy.reshard %arg1 <@mesh1, [{"a"}, {}]> : tensor<4x8xf32>
// CHECK: %1 = stablehlo.concatenate %arg0, %0, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a"}, {}]>]>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh1, [{}, {}]> : tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2], device_ids=[0, 2, 1, 3]>
func.func @concat_meshes_cc1(%x: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %y: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<4x16xf32>) {
  %0 = stablehlo.concatenate %x, %y, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// As above with the operands swapped: the operand already holding the picked axes on the other mesh is resharded too.
// CHECK-LABEL: func.func {{(private )?}}@concat_meshes_cc2(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<4x16xf32> {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {}]> : tensor<4x8xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<4x8xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {}]> : tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2], device_ids=[0, 2, 1, 3]>
func.func @concat_meshes_cc2(%x: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %y: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<4x16xf32>) {
  %0 = stablehlo.concatenate %y, %x, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// The campaign's module (73482, reduced): a returned call result on a mesh with device ids concatenated with an argument on the plain mesh, under constraints.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<3x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) -> (tensor<3x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh2, [{}, {"b"}, {}]> : tensor<8x4x3xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [0, 2, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}, {}]>]>} : (tensor<8x4x3xf32>) -> tensor<8x3x4xf32>
// CHECK: %2 = stablehlo.transpose %1, dims = [1, 2, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"b"}]>]>} : (tensor<8x3x4xf32>) -> tensor<3x4x8xf32>
// CHECK: %3 = call @callee6(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{}, {"a"}, {}]>]>} : (tensor<8x3x4xf32>) -> tensor<3x8x16xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"a"}, {}, {}]> : tensor<3x8x16xf32>
// CHECK: %5 = sdy.reshard %arg1 <@mesh, [{"a"}, {}, {}]> : tensor<3x8x16xf32>
// CHECK: %6 = stablehlo.concatenate %4, %5, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : (tensor<3x8x16xf32>, tensor<3x8x16xf32>) -> tensor<3x8x32xf32>
// CHECK: %7 = stablehlo.reshape %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<3x8x32xf32>) -> tensor<3x256xf32>
// CHECK: %8 = sdy.reshard %7 <@mesh, [{"a"}, {}]> : tensor<3x256xf32>
// CHECK: %9 = sdy.reshard %8 <@mesh, [{"a"}, {}]> : tensor<3x256xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee6(
// CHECK-SAME: %arg0: tensor<8x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> (tensor<3x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {"a"}, {}]>}) {
// CHECK: %1 = stablehlo.dot_general %arg0, %0, batching_dims = [1] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"b"}, {"a"}, {}]>]>} : (tensor<8x3x4xf32>, tensor<3x4x16xf32>) -> tensor<3x8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2], device_ids=[0, 2, 1, 3]>
sdy.mesh @mesh2 = <["a"=1, "b"=2, "c"=1]>
func.func private @callee6(%farg0: tensor<8x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> (tensor<3x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"b", ?}p1, {"a"}, {?}]>}) {
  %i15 = stablehlo.iota dim = 0 : tensor<3x4x16xf32>
  %v16 = stablehlo.dot_general %farg0, %i15, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<8x3x4xf32>, tensor<3x4x16xf32>) -> tensor<3x8x16xf32>
  return %v16 : tensor<3x8x16xf32>
}
func.func @main(%arg1: tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p3, {}, {}], replicated={"a"}>}, %arg18: tensor<3x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {"a", ?}]>}) -> (tensor<3x256xf32>, tensor<3x4x8xf32>) {
  %v3 = sdy.sharding_constraint %arg1 <@mesh2, [{?}, {"b", "c"}p1, {}]> : tensor<8x4x3xf32>
  %v4 = stablehlo.transpose %v3, dims = [0, 2, 1] : (tensor<8x4x3xf32>) -> tensor<8x3x4xf32>
  %v5 = stablehlo.transpose %v4, dims = [1, 2, 0] : (tensor<8x3x4xf32>) -> tensor<3x4x8xf32>
  %call17 = func.call @callee6(%v4) : (tensor<8x3x4xf32>) -> tensor<3x8x16xf32>
  %v19 = stablehlo.concatenate %call17, %arg18, dim = 2 : (tensor<3x8x16xf32>, tensor<3x8x16xf32>) -> tensor<3x8x32xf32>
  %v20 = stablehlo.reshape %v19 : (tensor<3x8x32xf32>) -> tensor<3x256xf32>
  %v21 = sdy.sharding_constraint %v20 <@mesh, [{?}, {}]> : tensor<3x256xf32>
  %v22 = sdy.sharding_constraint %v21 <@mesh, [{"a"}, {}]> : tensor<3x256xf32>
  return %v22, %v5 : tensor<3x256xf32>, tensor<3x4x8xf32>
}
