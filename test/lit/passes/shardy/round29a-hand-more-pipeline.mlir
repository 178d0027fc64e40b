// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 29a: hand cases of session 35 that agreed at once: meshes, explicit reshards for conflicts, groups across calls and loops, constraints on returned values and block arguments, barriers in loops, manual computations (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
// An empty mesh on one operand, a real mesh on the other: the empty mesh's sharding says nothing.
// CHECK-LABEL: func.func {{(private )?}}@empty_mesh_operand(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@empty, [{}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @empty = <[]>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @empty_mesh_operand(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@empty, [{}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Operands on two meshes of different axes: nothing propagates between them.
// CHECK-LABEL: func.func {{(private )?}}@two_meshes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {"c"}]>}) -> tensor<8x16xf32> {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh1 = <["a"=2, "b"=4]>
sdy.mesh @mesh2 = <["c"=8]>
func.func @two_meshes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {"c"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.negate %arg1 : tensor<8x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// Two meshes differing only in device order: one mesh to propagation.
// CHECK-LABEL: func.func {{(private )?}}@device_order_meshes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_rev, [{}, {"b"}]>}) -> tensor<8x16xf32> {
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh_rev = <["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func @device_order_meshes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_rev, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.exponential %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// A maximal mesh on one op's result in a chain.
// CHECK-LABEL: func.func {{(private )?}}@maximal_in_chain(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.add %1, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @maximal = <[], device_ids=[3]>
func.func @maximal_in_chain(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>} : tensor<8x16xf32>
  %1 = stablehlo.exponential %0 : tensor<8x16xf32>
  %2 = stablehlo.add %1, %arg0 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// Inlined meshes in shardings, equal to a named one.
// CHECK-LABEL: func.func {{(private )?}}@inlined_meshes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @inlined_meshes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=4]>, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A mesh with a size-one axis used in shardings on both operands.
// CHECK-LABEL: func.func {{(private )?}}@size_one_mesh_axis(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "x"=1, "b"=4]>
func.func @size_one_mesh_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "a"}, {?}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A constraint on a second mesh of the same axes in another device order.
// CHECK-LABEL: func.func {{(private )?}}@constraint_other_device_order(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_rev, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh_rev, [{}, {"b"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_rev, [{}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh_rev = <["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func @constraint_other_device_order(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh_rev, [{?}, {"b", ?}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// Elementwise operands closed on different axes: one is resharded.
// CHECK-LABEL: func.func {{(private )?}}@add_closed_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @add_closed_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A dot whose operands both shard the contracting dim on different axes.
// CHECK-LABEL: func.func {{(private )?}}@dot_contracting_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dot_contracting_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A dot whose result is closed on an axis the lhs uses for the contracting dim.
// CHECK-LABEL: func.func {{(private )?}}@dot_result_axis_taken(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dot_result_axis_taken(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A reduce over a dim its operand shards, the result closed on that axis elsewhere.
// CHECK-LABEL: func.func {{(private )?}}@reduce_axis_moves(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reduce_axis_moves(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A transpose whose operand and result are closed on swapped axes.
// CHECK-LABEL: func.func {{(private )?}}@transpose_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @transpose_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// A batched dot with the batch dim sharded differently on each operand.
// CHECK-LABEL: func.func {{(private )?}}@batched_dot_conflict(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> tensor<4x8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @batched_dot_conflict(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// A broadcast whose result is closed on an axis the operand's mapped dim does not hold.
// CHECK-LABEL: func.func {{(private )?}}@broadcast_conflict(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @broadcast_conflict(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A reshape whose operand and result are closed incompatibly.
// CHECK-LABEL: func.func {{(private )?}}@reshape_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>) -> tensor<128xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshape_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<128xf32>
  return %0 : tensor<128xf32>
}

// -----

// A group of a value in main and one in a callee.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = call @callee_grouped(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_grouped(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @callee_grouped(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = call @callee_grouped(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.abs %arg1 : tensor<8x16xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A group of a while result and an unrelated value.
// CHECK-LABEL: func.func {{(private )?}}@group_with_loop_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @group_with_loop_result(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x16xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x16xf32>, tensor<i32>
  }
  %3 = stablehlo.exponential %arg1 : tensor<8x16xf32>
  sdy.sharding_group %0#0 group_id=5 : tensor<8x16xf32>
  sdy.sharding_group %3 group_id=5 : tensor<8x16xf32>
  return %0#0 : tensor<8x16xf32>
}

// -----

// A constraint on a value returned by the func whose result is unannotated.
// CHECK-LABEL: func.func {{(private )?}}@constraint_on_returned(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @constraint_on_returned(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// A chain of constraints on a block argument after another user.
// CHECK-LABEL: func.func {{(private )?}}@chain_on_arg_after_user(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x16xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.add %2, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @chain_on_arg_after_user(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<8x16xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
  %3 = stablehlo.abs %arg0 : tensor<8x16xf32>
  %4 = stablehlo.add %2, %3 : tensor<8x16xf32>
  return %0, %4 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A propagation barrier (backward only) in a loop body.
// CHECK-LABEL: func.func {{(private )?}}@barrier_in_loop(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3 = sdy.propagation_barrier %iterArg allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.negate %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_in_loop(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x16xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.propagation_barrier %x allowed_direction=BACKWARD : tensor<8x16xf32>
    %2 = stablehlo.negate %1 : tensor<8x16xf32>
    %3 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %2, %3 : tensor<8x16xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x16xf32>
}

// -----

// A group inside a manual computation's body over two local values.
// CHECK-LABEL: func.func {{(private )?}}@group_in_manual_body(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg2: tensor<4x16xf32>, %arg3: tensor<4x16xf32>) {
// CHECK: %1 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x16xf32>
// CHECK: %2 = stablehlo.abs %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x16xf32>
// CHECK: %3 = stablehlo.add %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @group_in_manual_body(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>, %y: tensor<4x16xf32>) {
    %1 = stablehlo.negate %x : tensor<4x16xf32>
    %2 = stablehlo.abs %y : tensor<4x16xf32>
    sdy.sharding_group %1 group_id=2 : tensor<4x16xf32>
    sdy.sharding_group %2 group_id=2 : tensor<4x16xf32>
    %3 = stablehlo.add %1, %2 : tensor<4x16xf32>
    sdy.return %3 : tensor<4x16xf32>
  } : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A manual computation's in_sharding replicating a free axis.
// CHECK-LABEL: func.func {{(private )?}}@manual_replicated_free_axis(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_replicated_free_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}], replicated={"b"}>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %1 = stablehlo.negate %x : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.abs %0 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
