// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 26b: a custom call carrying its own sdy.sharding_rule propagates by that rule (a
// transpose here), and keeps it.
// CHECK-LABEL: func.func {{(private )?}}@custom_rule_transpose(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_transpose(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}, custom>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK: return %0 : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @custom_rule_transpose(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.custom_call @my_transpose(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}, custom>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// A reduction factor of the rule: the result, without it, takes only the pass-through factor.
// CHECK-LABEL: func.func {{(private )?}}@custom_rule_reduction(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_sum(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}>} : (tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: return %0 : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @custom_rule_reduction(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @my_sum(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}>} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A need-replication factor: the aggressive strategy still propagates along it (as Shardy).
// CHECK-LABEL: func.func {{(private )?}}@custom_rule_need_replication(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_scan(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: return %0 : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @custom_rule_need_replication(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_scan(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A rule with a compound dim ([ij]) splits an axis across factors as a reshape would.
// CHECK-LABEL: func.func {{(private )?}}@custom_rule_compound(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_reshape(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=16}>} : (tensor<32xf32>) -> tensor<2x16xf32>
// CHECK: return %0 : tensor<2x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @custom_rule_compound(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x16xf32> {
  %0 = stablehlo.custom_call @my_reshape(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=16}>} : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// Two operands and a factor only one of them has (a broadcast-like rule).
// CHECK-LABEL: func.func {{(private )?}}@custom_rule_two_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_bias(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j])->([i, j]) {i=8, j=16}>} : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
// CHECK: return %0 : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @custom_rule_two_operands(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0 = stablehlo.custom_call @my_bias(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j])->([i, j]) {i=8, j=16}>} : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
