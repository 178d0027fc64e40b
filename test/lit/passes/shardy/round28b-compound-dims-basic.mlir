// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 28b (op sweep rule_compound_chain 28646): %arg1's compound dim `[ji]` holds "a" for j
// (j's claims conflict, so j decides nothing); the basic strategy then gives i no piece of "a"
// either (every tensor of the op must leave i's axes free), and the result stays open.
// CHECK-LABEL: func.func {{(private )?}}@minor_factor_axis_held_by_major(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}]>}, %arg1: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) -> tensor<24xf32> {
// CHECK: %0 = stablehlo.custom_call @bar(%arg0, %arg1, %arg2) {sdy.sharding_rule = #sdy.op_sharding_rule<([j], [ji], [i])->([ij]) {i=6, j=4}, custom>} : (tensor<4xf32>, tensor<24xf32>, tensor<6xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @minor_factor_axis_held_by_major(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}]>}, %arg1: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) -> tensor<24xf32> {
  %0 = stablehlo.custom_call @bar(%arg0, %arg1, %arg2) {sdy.sharding_rule = #sdy.op_sharding_rule<([j], [ji], [i])->([ij]) {i=6, j=4}, custom>} : (tensor<4xf32>, tensor<24xf32>, tensor<6xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// Round 28b (op sweep rule_compound_chain 28994): %arg2 holds "b" for the blocked factor i;
// the basic strategy gives "b" to no other factor (k) either, though i propagates nothing.
// CHECK-LABEL: func.func {{(private )?}}@blocked_factor_holds_axis(
// CHECK-SAME: %arg0: tensor<4x12xf32>, %arg1: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg2: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1, %arg2) {sdy.sharding_rule = #sdy.op_sharding_rule<([l, kj], [k, j], [i])->([i], [k]) {i=4, j=3, k=4, l=4} blocked_propagation={i}, custom>} : (tensor<4x12xf32>, tensor<4x3xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func @blocked_factor_holds_axis(%arg0: tensor<4x12xf32>, %arg1: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg2: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1, %arg2) {sdy.sharding_rule = #sdy.op_sharding_rule<([l, kj], [k, j], [i])->([i], [k]) {i=4, j=3, k=4, l=4} blocked_propagation={i}, custom>} : (tensor<4x12xf32>, tensor<4x3xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
