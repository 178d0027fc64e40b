// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 29b (op sweep rule_compound 28669): a factor that holds overflow axes in its source
// (arg0's "b" does not divide i=6: i keeps "b":(1)2, "b":(2)4 overflows) has no source tensor
// in Shardy's order of factors, so it goes after j: j takes all of "b" on both results and i,
// which now conflicts with j there, reaches neither.
// CHECK-LABEL: func.func {{(private )?}}@overflowing_source_goes_last(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)2, ?}]>}) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {}]>}, tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>, <@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ijk], [ji])->([j, ik], [j, ik]) {i=6, j=2, k=2} need_replication={k}, custom>} : (tensor<24xf32>, tensor<12xf32>) -> (tensor<2x12xf32>, tensor<2x12xf32>)
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @overflowing_source_goes_last(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<12xf32>) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {}]>}, tensor<2x12xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([ijk], [ji])->([j, ik], [j, ik]) {i=6, j=2, k=2} need_replication={k}, custom>} : (tensor<24xf32>, tensor<12xf32>) -> (tensor<2x12xf32>, tensor<2x12xf32>)
  return %0#0, %0#1 : tensor<2x12xf32>, tensor<2x12xf32>
}

// -----

// Round 29b: the same op with i's axes fitting it ("b":(1)2, no overflow): i's source comes
// first (the tie between the two sources goes to the operand), so i takes "b":(1)2 on the
// second result and j there keeps only "b":(4)2.
// CHECK-LABEL: func.func {{(private )?}}@fitting_source_goes_first(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}]>}, %arg1: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)2, ?}]>}) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {}]>}, tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, ?}, {"b":(1)2, ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>, <@mesh, [{"b":(4)2, ?}, {"b":(1)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ijk], [ji])->([j, ik], [j, ik]) {i=6, j=2, k=2} need_replication={k}, custom>} : (tensor<24xf32>, tensor<12xf32>) -> (tensor<2x12xf32>, tensor<2x12xf32>)
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @fitting_source_goes_first(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}]>}, %arg1: tensor<12xf32>) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {}]>}, tensor<2x12xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([ijk], [ji])->([j, ik], [j, ik]) {i=6, j=2, k=2} need_replication={k}, custom>} : (tensor<24xf32>, tensor<12xf32>) -> (tensor<2x12xf32>, tensor<2x12xf32>)
  return %0#0, %0#1 : tensor<2x12xf32>, tensor<2x12xf32>
}

// -----

// Round 29b (op sweep rule_compound 28669): i behind the unsharded k in the second result
// (`[ki]`) would hold its "b":(1)2 unshown and cut j there; it overflows in arg0, goes after j,
// and so cuts nothing.
// CHECK-LABEL: func.func {{(private )?}}@unshown_overflowing_factor_blocks_nothing(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2}]>}, %arg1: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)2, ?}]>}) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {}]>}, tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>, <@mesh, [{"b":(4)2, "b":(1)4, ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ijk], [ji])->([j, ik], [j, ki]) {i=6, j=2, k=2} need_replication={k}, custom>} : (tensor<24xf32>, tensor<12xf32>) -> (tensor<2x12xf32>, tensor<2x12xf32>)
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @unshown_overflowing_factor_blocks_nothing(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2}]>}, %arg1: tensor<12xf32>) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(4)2, "b":(1)4, ?}, {}]>}, tensor<2x12xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([ijk], [ji])->([j, ik], [j, ki]) {i=6, j=2, k=2} need_replication={k}, custom>} : (tensor<24xf32>, tensor<12xf32>) -> (tensor<2x12xf32>, tensor<2x12xf32>)
  return %0#0, %0#1 : tensor<2x12xf32>, tensor<2x12xf32>
}
