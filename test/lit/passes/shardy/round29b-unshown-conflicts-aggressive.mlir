// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 29b (op sweep rule_compound_chain 28590): in the result's `[ljk]` l holds "c":(1)2 and
// is not full, so j and k cannot show their axes yet. Shardy cuts a factor's axes where they
// overlap another factor's in the tensor: k's "c" overlaps l's "c":(1)2 and k holds nothing
// there; l then extends to "c", fills its size, and the dim shows j's "a" after it.
// CHECK-LABEL: func.func {{(private )?}}@unshown_factor_holds_no_axis_of_another(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) -> (tensor<256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [li])->([ljk]) {i=2, j=4, k=8, l=8} reduction={i} need_replication={j}, custom>} : (tensor<4x8xf32>, tensor<16xf32>) -> tensor<256xf32>
sdy.mesh @mesh = <["a"=2, "c"=8]>
func.func @unshown_factor_holds_no_axis_of_another(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) -> (tensor<256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}]>}) {
  %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [li])->([ljk]) {i=2, j=4, k=8, l=8} reduction={i} need_replication={j}, custom>} : (tensor<4x8xf32>, tensor<16xf32>) -> tensor<256xf32>
  return %0 : tensor<256xf32>
}
