// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 28a: hand cases and campaign findings of session 34 (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
// A closed constraint that is the only user (a dead multiply aside) of a sort's second result: Shardy's import gives that result the constraint's sharding and opens the first (campaign 46104, extended wide).
// CHECK-LABEL: func.func {{(private )?}}@constraint_on_one_result_of_sort(
// CHECK-SAME: %arg0: tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}, %arg1: tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}, {"a"}]>, <@mesh, [{}, {}, {}, {}]>]>} : (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>)
// CHECK: %1 = sdy.reshard %0#1 <@mesh, [{}, {}, {}, {}]> : tensor<2x8x6x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @constraint_on_one_result_of_sort(%arg0: tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a", ?}]>}, %arg1: tensor<2x8x6x4xf32>) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%ka: tensor<f32>, %kb: tensor<f32>, %va: tensor<f32>, %vb: tensor<f32>):
    %kc = stablehlo.compare GT, %ka, %kb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %kc : tensor<i1>
  }) : (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>)
  %1 = stablehlo.multiply %0#1, %0#1 : tensor<2x8x6x4xf32>
  %2 = sdy.sharding_constraint %0#1 <@mesh, [{}, {}, {}, {}]> : tensor<2x8x6x4xf32>
  %3 = stablehlo.negate %2 : tensor<2x8x6x4xf32>
  return %3, %0#0 : tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>
}

// -----

// A returned call result: the named computation's result takes the func result's axes first, then those of the callee's body that fit (dim 3, though the func result closes it); the call result is resharded to that (campaign 70547).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK: %1 = call @callee_of_returned_call(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"b":(1)2}, {"b":(2)2}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_of_returned_call(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : tensor<8x2x4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func private @callee_of_returned_call(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x2x4x8xf32>
  return %0 : tensor<8x2x4x8xf32>
}
func.func @main(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2, ?}, {"b":(2)2, ?}, {}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {?}, {"a":(2)4, ?}]> : tensor<8x2x4x8xf32>
  %1 = func.call @callee_of_returned_call(%0) : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
  return %1 : tensor<8x2x4x8xf32>
}

// -----

// As above with the func result's dim 2 at priority p3: the body's "b":(2)2 reaches dim 0 of the named computation's result before the p3 dim asks for it (campaign 70547).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK: %1 = call @callee_of_returned_call_p3(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b":(2)2}, {"b":(1)2}, {}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_of_returned_call_p3(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : tensor<8x2x4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func private @callee_of_returned_call_p3(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x2x4x8xf32>
  return %0 : tensor<8x2x4x8xf32>
}
func.func @main(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2, ?}, {"b":(2)2, ?}p3, {}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {?}, {"a":(2)4, ?}]> : tensor<8x2x4x8xf32>
  %1 = func.call @callee_of_returned_call_p3(%0) : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
  return %1 : tensor<8x2x4x8xf32>
}

// -----

// A concatenate of an operand on one mesh and a replicated one on a mesh of other axes: Shardy's export finds no common mesh and reshards nothing (campaign 71093).
// CHECK-LABEL: func.func {{(private )?}}@concat_meshes_of_other_axes(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> tensor<32xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=8, "b"=8]>
func.func @concat_meshes_of_other_axes(%arg0: tensor<16xf32>, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<32xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]> : tensor<16xf32>
  %1 = stablehlo.negate %0 : tensor<16xf32>
  %2 = stablehlo.concatenate %1, %arg1, dim = 0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<32xf32>
  return %2 : tensor<32xf32>
}

// -----

// As above with the replicated operand on a mesh of other axes and the result sharded on the first: nothing resharded (campaign 71093).
// CHECK-LABEL: func.func {{(private )?}}@concat_result_on_one_of_two_meshes(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}, %arg1: tensor<16xf32>, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<8xf32>
// CHECK: %1 = stablehlo.concatenate %0, %arg2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=2], device_ids=[1, 0]>
sdy.mesh @mesh1 = <["x"=2]>
func.func @concat_result_on_one_of_two_meshes(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}, %arg2: tensor<16xf32>, %arg5: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p0]>}) {
  %v3 = stablehlo.exponential %arg1 : tensor<8xf32>
  %v4 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}]> : tensor<8xf32>
  %v6 = stablehlo.concatenate %v4, %arg5, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %v6 : tensor<16xf32>
}

// -----

// The same meshes but for their device order: one mesh to Shardy's export, which reshards the concatenate's operand (round27a concat-meshes, campaign 70408).
// CHECK-LABEL: func.func {{(private )?}}@concat_meshes_of_other_device_order(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> tensor<32xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}]> : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>
func.func @concat_meshes_of_other_device_order(%arg0: tensor<16xf32>, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<32xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]> : tensor<16xf32>
  %1 = stablehlo.negate %0 : tensor<16xf32>
  %2 = stablehlo.concatenate %1, %arg1, dim = 0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<32xf32>
  return %2 : tensor<32xf32>
}

// -----

// As in round28a-hand-groups-basic: an open member replicating "a" takes the group's "a" (campaign 34208).
// CHECK-LABEL: func.func {{(private )?}}@open_replicated_group_member(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x4xf32>
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @open_replicated_group_member(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a"}>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x4xf32>, tensor<16x4xf32>) {
  sdy.sharding_group %arg0 group_id=0 : tensor<16x4xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<16x4xf32>
  %0 = stablehlo.negate %arg0 : tensor<16x4xf32>
  %1 = stablehlo.abs %arg1 : tensor<16x4xf32>
  return %0, %1 : tensor<16x4xf32>, tensor<16x4xf32>
}

// -----

// A group of a loop argument and a closed func argument: the loop argument's "a" (through its data-flow edge) stays in the loop.
// CHECK-LABEL: func.func {{(private )?}}@v1_arg_closed_other(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %5 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %6 = stablehlo.abs %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @v1_arg_closed_other(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      sdy.sharding_group %iterArg group_id=7 : tensor<8x16xf32>
      %n = stablehlo.negate %iterArg : tensor<8x16xf32>
      %m = stablehlo.abs %n : tensor<8x16xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %m, %j : tensor<8x16xf32>, tensor<i32>
    }

  sdy.sharding_group %arg1 group_id=7 : tensor<8x16xf32>

  %3 = stablehlo.abs %arg1 : tensor<8x16xf32>
  return %0#0, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A loop argument changed by an op in the body (the constraint's "b" backward through the negate) gives the other member nothing either.
// CHECK-LABEL: func.func {{(private )?}}@v2_body_constraint(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, tensor<8x16xf32>) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>, <@mesh, []>]>}
// CHECK: %5 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
// CHECK: %7 = stablehlo.abs %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @v2_body_constraint(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      sdy.sharding_group %iterArg group_id=7 : tensor<8x16xf32>
      %n = stablehlo.negate %iterArg : tensor<8x16xf32>
      %k = sdy.sharding_constraint %n <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
      %m = stablehlo.abs %k : tensor<8x16xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %m, %j : tensor<8x16xf32>, tensor<i32>
    }

  sdy.sharding_group %arg1 group_id=7 : tensor<8x16xf32>

  %3 = stablehlo.abs %arg1 : tensor<8x16xf32>
  return %0#0, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A group of the loop's result (not its argument) and a func argument: the loop's "a" reaches the argument.
// CHECK-LABEL: func.func {{(private )?}}@v3_result_member(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %5 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %6 = stablehlo.abs %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @v3_result_member(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {

      %n = stablehlo.negate %iterArg : tensor<8x16xf32>
      %m = stablehlo.abs %n : tensor<8x16xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %m, %j : tensor<8x16xf32>, tensor<i32>
    }
  sdy.sharding_group %0#0 group_id=7 : tensor<8x16xf32>
  sdy.sharding_group %arg1 group_id=7 : tensor<8x16xf32>
  %2 = sdy.sharding_constraint %arg1 <@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
  %3 = stablehlo.abs %arg1 : tensor<8x16xf32>
  return %0#0, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A loop argument's "a" from the loop's operand does not reach an unannotated member.
// CHECK-LABEL: func.func {{(private )?}}@v4_arg_member_open_other(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32>) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %5 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %6 = stablehlo.abs %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @v4_arg_member_open_other(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      sdy.sharding_group %iterArg group_id=7 : tensor<8x16xf32>
      %n = stablehlo.negate %iterArg : tensor<8x16xf32>
      %m = stablehlo.abs %n : tensor<8x16xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %m, %j : tensor<8x16xf32>, tensor<i32>
    }

  sdy.sharding_group %arg1 group_id=7 : tensor<8x16xf32>

  %3 = stablehlo.abs %arg1 : tensor<8x16xf32>
  return %0#0, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// Neither the operand's "a" nor the body constraint's "b" leaves the grouped loop argument.
// CHECK-LABEL: func.func {{(private )?}}@v5_arg_member_body_and_edge(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x16xf32>) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %5 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %7 = stablehlo.abs %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @v5_arg_member_body_and_edge(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c0) : tensor<8x16xf32>, tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      sdy.sharding_group %iterArg group_id=7 : tensor<8x16xf32>
      %n = stablehlo.negate %iterArg : tensor<8x16xf32>
      %k = sdy.sharding_constraint %n <@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
      %m = stablehlo.abs %k : tensor<8x16xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %m, %j : tensor<8x16xf32>, tensor<i32>
    }

  sdy.sharding_group %arg1 group_id=7 : tensor<8x16xf32>

  %3 = stablehlo.abs %arg1 : tensor<8x16xf32>
  return %0#0, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A concatenate of a propagation barrier's result and a value of another sharding: Shardy reshards both, the barrier's result to the sharding it holds already (read as the func argument before it, whose sub-axes export cut; campaign 70175).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {}, {}]> : tensor<12x12x8xf32>
// CHECK: %3 = sdy.reshard %0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %4 = sdy.reshard %2 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %5 = stablehlo.concatenate %3, %4, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
// CHECK: %6 = stablehlo.subtract %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}) -> (tensor<12x12x8xf32>, tensor<24x12x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %z = stablehlo.negate %arg1 : tensor<12x12x8xf32>
  %z2 = sdy.sharding_constraint %z <@mesh, [{}, {}, {}]> : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %z2, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  %v4 = stablehlo.subtract %v2, %arg1 : tensor<12x12x8xf32>
  return %v4, %v3 : tensor<12x12x8xf32>, tensor<24x12x8xf32>
}

// -----

// A concatenate of a barrier's result twice: its operands agree with its result, so Shardy reshards nothing, whatever the barrier's func argument holds (campaign 47321, extended wide).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = stablehlo.concatenate %0, %0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
// CHECK: %2 = stablehlo.subtract %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}) -> (tensor<12x12x8xf32>, tensor<24x12x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %z = stablehlo.negate %arg1 : tensor<12x12x8xf32>
  %z2 = sdy.sharding_constraint %z <@mesh, [{}, {}, {}]> : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %v2, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  %v4 = stablehlo.subtract %v2, %arg1 : tensor<12x12x8xf32>
  return %v4, %v3 : tensor<12x12x8xf32>, tensor<24x12x8xf32>
}
