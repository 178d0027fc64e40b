// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 27b: each of Shardy's op-priority stages starts with every op in its worklist, and an
// op at its fixed point may change on that second visit: here the size-one axis "b" the first
// visit gave result 0's [ik] dim fits factor i (already full) on the next, so result 1 takes it.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_second_visit(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", ?}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", ?}]>, <@mesh, [{"c", "b", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k])->([ik], [i, j]) {i=8, j=4, k=2}, custom>} : (tensor<2xf32>) -> (tensor<16xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=8]>
func.func @size_one_axis_second_visit(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<16xf32>, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
  %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([k])->([ik], [i, j]) {i=8, j=4, k=2}, custom>} : (tensor<2xf32>) -> (tensor<16xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<16xf32>, tensor<8x4xf32>
}

// -----

// The same through a non-custom rule and an operand with more axes after the size-one one.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_second_visit_more_axes(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c":(2)4, "a", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", ?}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", ?}]>, <@mesh, [{"c", "b", ?}, {?}]>]>} : (tensor<2xf32>) -> (tensor<16xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=8]>
func.func @size_one_axis_second_visit_more_axes(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c":(2)4, "a", ?}]>}) -> (tensor<16xf32>, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
  %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([k])->([ik], [i, j]) {i=8, j=4, k=2}>} : (tensor<2xf32>) -> (tensor<16xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<16xf32>, tensor<8x4xf32>
}
