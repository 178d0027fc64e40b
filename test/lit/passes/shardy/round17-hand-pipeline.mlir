// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 17, hand cases for issue 19's categories the generator draws rarely or never (an
// empty mesh, a constraint's priority against an argument's, sub-axes merging in a reshape, a
// sharding group across a call, a dot's reduction factor); each agrees with jaxlib's Shardy
// on every propagation pass (checked against the pipeline here).

// A sharding on an empty mesh says nothing: the other operand's mesh and axes win.
// CHECK-LABEL: func.func @empty_mesh_sharding_yields(
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
sdy.mesh @empty = <[]>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @empty_mesh_sharding_yields(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@empty, [{}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Priorities: the constraint's p0 dims propagate before the argument's p1 dim, whose "a"
// then no longer fits the negate (its dim 1 holds "a"); export makes the constraint a reshard.
// CHECK-LABEL: func.func @user_priority_constraint_before_argument(
// CHECK: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>}
// CHECK-NEXT: sdy.reshard %0 <@mesh, [{"b"}, {"a"}]>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @user_priority_constraint_before_argument(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b", ?}p0, {"a", ?}p0]> : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// Sub-axes: two dims holding "a":(1)2 and "a":(2)2 merge into "a" where a reshape joins them.
// CHECK-LABEL: func.func @sub_axes_merge_through_reshape(
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axes_merge_through_reshape(%arg0: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x2x8xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.negate %0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Sharding groups: members in a caller and its callee end with one sharding.
// CHECK-LABEL: func.func @main(
// CHECK: call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
// CHECK: func.func private @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>})
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = func.call @f(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=3 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func private @f(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=3 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Reduction factors: the contracted "a" does not reach the dot's result.
// CHECK-LABEL: func.func @reduction_axes_of_a_dot_need_all_reduce(
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>}
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reduction_axes_of_a_dot_need_all_reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.tanh %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
