// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 29b (op sweep rule_compound_chain 29345): arg1's "b" overflows m (neither of its
// pieces divides m=3), so m holds no axis and k none; Shardy's basic strategy still gives the
// axes of those overflow axes to no other factor, so j (from arg0, "a":(2)2 then "b":(1)4)
// stops before "b" on the second result, though arg1 does not hold j.
// CHECK-LABEL: func.func {{(private )?}}@overflow_axes_go_to_no_other_factor(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}, %arg1: tensor<9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)4, "b":(1)2, ?}]>}) -> (tensor<24xf32>, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"a":(2)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([jl], [mk])->([ki], [j]) {i=8, j=8, k=3, l=4, m=3} reduction={l, m}, custom>} : (tensor<32xf32>, tensor<9xf32>) -> (tensor<24xf32>, tensor<8xf32>)
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @overflow_axes_go_to_no_other_factor(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}, %arg1: tensor<9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)4, "b":(1)2, ?}]>}) -> (tensor<24xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([jl], [mk])->([ki], [j]) {i=8, j=8, k=3, l=4, m=3} reduction={l, m}, custom>} : (tensor<32xf32>, tensor<9xf32>) -> (tensor<24xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<24xf32>, tensor<8xf32>
}

// -----

// Round 29b: the same op with arg1's "b":(1)4 fitting m: m's claim keeps j off "b" as well.
// CHECK-LABEL: func.func {{(private )?}}@fitting_axes_go_to_no_other_factor(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4, ?}]>}) -> (tensor<24xf32>, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"a":(2)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([jl], [mk])->([ki], [j]) {i=6, j=8, k=4, l=4, m=4} reduction={l, m}, custom>} : (tensor<32xf32>, tensor<16xf32>) -> (tensor<24xf32>, tensor<8xf32>)
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @fitting_axes_go_to_no_other_factor(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4, ?}]>}) -> (tensor<24xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([jl], [mk])->([ki], [j]) {i=6, j=8, k=4, l=4, m=4} reduction={l, m}, custom>} : (tensor<32xf32>, tensor<16xf32>) -> (tensor<24xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<24xf32>, tensor<8xf32>
}
