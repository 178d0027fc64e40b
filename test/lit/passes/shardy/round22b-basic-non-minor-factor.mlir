// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 22b: Shardy's basic strategy shards a factor no further than every tensor of the op
// can hold it: where another factor follows it in a dim, its devices must divide its size (the
// last axis cut to the piece that does, by gcd), so no tensor takes axes one of them cannot
// (sweep rule_call 15020).

// CHECK-LABEL: func.func {{(private )?}}@axes_not_dividing_a_major_factor(
// CHECK-SAME: %arg0: tensor<2x6x1xf32>, %arg1: tensor<3x2xf32>) -> (tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", "b"}, {}]>}) {
// CHECK: %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", "b", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, ml, k], [m, l])->([m, j]) {i=2, j=2, k=1, l=2, m=3} reduction={l} need_replication={j}, custom>} : (tensor<2x6x1xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=1]>
func.func @axes_not_dividing_a_major_factor(%arg0: tensor<2x6x1xf32>, %arg1: tensor<3x2xf32>) -> (tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", "b"}, {}]>}) {
  %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, ml, k], [m, l])->([m, j]) {i=2, j=2, k=1, l=2, m=3} reduction={l} need_replication={j}, custom>} : (tensor<2x6x1xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>)
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@gcd_piece_of_a_major_factor(
// CHECK-SAME: %arg0: tensor<2x12x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b":(1)2, ?}, {?}]>}, %arg1: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) -> (tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}]>}) {
// CHECK: %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, ml, k], [m, l])->([m, j]) {i=2, j=2, k=1, l=2, m=6} reduction={l} need_replication={j}, custom>} : (tensor<2x12x1xf32>, tensor<6x2xf32>) -> tensor<6x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @gcd_piece_of_a_major_factor(%arg0: tensor<2x12x1xf32>, %arg1: tensor<6x2xf32>) -> (tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}]>}) {
  %0 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, ml, k], [m, l])->([m, j]) {i=2, j=2, k=1, l=2, m=6} reduction={l} need_replication={j}, custom>} : (tensor<2x12x1xf32>, tensor<6x2xf32>) -> (tensor<6x2xf32>)
  return %0 : tensor<6x2xf32>
}
