// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 10: sdy.sharding_rule with every field (reduction, need_replication, permutation, blocked_propagation, custom), rules kept on ops, and splits that need sub-axes.

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_reduction_factor(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_sum(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}, custom>} : (tensor<8x16xf32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_reduction_factor(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @my_sum(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}, custom>} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_need_replication(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_sort(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_need_replication(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_sort(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_permutation(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_roll(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_permutation(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_roll(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_blocked(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} blocked_propagation={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_blocked(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} blocked_propagation={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_two_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_matmul(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=4, k=16} reduction={k}>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_two_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.custom_call @my_matmul(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=4, k=16} reduction={k}>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_compound_factor(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_flatten(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=8, j=4}>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_compound_factor(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.custom_call @my_flatten(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=8, j=4}>} : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_rule_two_results(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @my_split(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i]) {i=8, j=16}>} : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8xf32>)
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_rule_two_results(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.custom_call @my_split(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i]) {i=8, j=16}>} : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8x16xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_needs_sub_axis(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {"b":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, ?}, {"b":(2)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([i, jk]) {i=2, j=2, k=8}>} : (tensor<4x8xf32>) -> tensor<2x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshape_needs_sub_axis(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<2x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_dims(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=4, j=8}>} : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=32}>} : tensor<32xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshape_merge_dims(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  %1 = stablehlo.negate %0 : tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_rule_kept(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=8, k=16} reduction={k}>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dot_rule_kept(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_and_reduce_rules_kept(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=16}>} : (tensor<8xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=16} reduction={j}>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @broadcast_and_reduce_rules_kept(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
