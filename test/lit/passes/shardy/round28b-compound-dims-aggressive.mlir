// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 28b (op sweep rule_chain 28071): in a compound dim `[ij]`, the minor factor j takes its
// axes first (its source is the larger tensor) though the dim cannot show them until i is
// full; once i takes "a":(2)2, the dim shows j's "b" too (it may overflow j: j is minor-most).
// CHECK-LABEL: func.func {{(private )?}}@minor_factor_waits(
// CHECK-SAME: %arg0: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)4, "b":(1)2, ?}]>}) -> (tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i], [i])->([ij]) {i=2, j=6}, custom>} : (tensor<6x2xf32>, tensor<2xf32>) -> tensor<12xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @minor_factor_waits(%arg0: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)4, "b":(1)2, ?}]>}) -> tensor<12xf32> {
  %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j, i], [i])->([ij]) {i=2, j=6}, custom>} : (tensor<6x2xf32>, tensor<2xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

// Round 28b (op sweep rule_chain 28076): the major factor i holds "c" already; the "b" its
// source adds overflows i (it does not divide i's size), so i never holds it and the minor
// factor j still takes "b":(2)2.
// CHECK-LABEL: func.func {{(private )?}}@major_factor_overflow(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", ?}]>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "a", ?}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b":(2)2, "a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b":(2)2, "a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [j])->([ij]) {i=2, j=2}, custom>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2]>
func.func @major_factor_overflow(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", ?}]>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "a", ?}]>}) -> (tensor<4xf32>) {
  %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [j])->([ij]) {i=2, j=2}, custom>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}]>]>} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<4xf32>)
  return %0 : tensor<4xf32>
}
