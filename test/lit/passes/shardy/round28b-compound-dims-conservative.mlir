// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 28b (op sweep rule_compound 28801): conservatively, %arg0's major factor i cannot
// take "d" (8 does not divide i=4, and no axis is split), so it holds no piece of it: the
// size-one factor j of dim 0 still takes "d".
// CHECK-LABEL: func.func {{(private )?}}@cut_piece_not_held(
// CHECK-SAME: %arg0: tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", ?}, {?}]>}, %arg1: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"c", ?}]>}, %arg2: tensor<1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) -> (tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.custom_call @foo(%arg0, %arg1, %arg2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, ik], [i, k], [j, k])->([j, ik]) {i=4, j=1, k=2}, custom>} : (tensor<1x8xf32>, tensor<4x2xf32>, tensor<1x2xf32>) -> tensor<1x8xf32>
sdy.mesh @mesh = <["b"=8, "c"=2, "d"=8]>
func.func @cut_piece_not_held(%arg0: tensor<1x8xf32>, %arg1: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"c", ?}]>}, %arg2: tensor<1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) -> tensor<1x8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0, %arg1, %arg2) {sdy.sharding_rule = #sdy.op_sharding_rule<([j, ik], [i, k], [j, k])->([j, ik]) {i=4, j=1, k=2}, custom>} : (tensor<1x8xf32>, tensor<4x2xf32>, tensor<1x2xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
// -----

// Round 28b (op sweep rule_compound 28880): the user's sub-axis "b":(1)2 on %arg1's compound
// dim stays when the whole axis "a" joins it (propagation only appends axes).
// CHECK-LABEL: func.func {{(private )?}}@user_sub_axis_kept(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "a", ?}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j], [ij])->([ji]) {i=2, j=2} blocked_propagation={i}, custom>} : (tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=4]>
func.func @user_sub_axis_kept(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}]>}) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j], [ij])->([ji]) {i=2, j=2} blocked_propagation={i}, custom>} : (tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
