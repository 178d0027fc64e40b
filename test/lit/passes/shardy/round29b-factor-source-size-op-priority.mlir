// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 29b (op sweep rule_compound_chain 29091): k's claim ("a", of size one) comes from both
// results; Shardy measures a factor's source as the largest tensor holding its claim (the
// 24x2 result, not the first one, of 2), so k goes before j (whose source is arg0, of 4). On
// arg1 `[jk]` k then holds "a" unshown and j, whose first axis is "a", takes nothing there.
// CHECK-LABEL: func.func {{(private )?}}@source_is_largest_claiming_tensor(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c":(1)2, "b", "c":(2)2}p1], unreduced={"d"}>}, %arg1: tensor<8xf32>) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", "c":(2)2, "c":(1)2, ?}]>}, tensor<24x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a", ?}p1]>}) {
// CHECK: %0:2 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>, <@mesh, [{"b", ?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j], [jk])->([k], [ij, k]) {i=6, j=4, k=2}, custom>} : (tensor<4xf32>, tensor<8xf32>) -> (tensor<2xf32>, tensor<24x2xf32>)
// CHECK: %1 = stablehlo.custom_call @baz(%0#0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d", "c":(2)2, "c":(1)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}, custom>} : (tensor<2xf32>) -> tensor<2xf32>
sdy.mesh @mesh = <["a"=1, "b"=2, "c"=4, "d"=2]>
func.func @source_is_largest_claiming_tensor(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c":(1)2, "b", "c":(2)2}p1], unreduced={"d"}>}, %arg1: tensor<8xf32>) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", "c":(2)2, "c":(1)2, ?}]>}, tensor<24x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a", ?}p1]>}) {
  %0:2 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j], [jk])->([k], [ij, k]) {i=6, j=4, k=2}, custom>} : (tensor<4xf32>, tensor<8xf32>) -> (tensor<2xf32>, tensor<24x2xf32>)
  %1 = stablehlo.custom_call @baz(%0#0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}, custom>} : (tensor<2xf32>) -> tensor<2xf32>
  return %1, %0#1 : tensor<2xf32>, tensor<24x2xf32>
}
