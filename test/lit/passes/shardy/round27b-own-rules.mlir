// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 27b: an op's own sdy.sharding_rule comes before the registry's rule for any op (as
// Shardy reads it), not only on a custom call: this dot_general's result dims are swapped.
// CHECK-LABEL: func.func {{(private )?}}@dot_general_own_rule(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : (tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_general_own_rule(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([j, i]) {i=8, j=8, k=4}>} : (tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// An elementwise op with its own rule linking transposed dims.
// CHECK-LABEL: func.func {{(private )?}}@add_own_rule(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, i])->([i, j]) {i=8, j=8}, custom>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @add_own_rule(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, i])->([i, j]) {i=8, j=8}, custom>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// An op the registry has no rule for (batch_norm_training) propagates by its own.
// CHECK-LABEL: func.func {{(private )?}}@batch_norm_training_own_rule(
// CHECK-SAME: %arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}, %arg2: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>, <@mesh, [{"b", ?}]>, <@mesh, [{"b", ?}]>]>} : (tensor<8x4x16xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4x16xf32>, tensor<4xf32>, tensor<4xf32>)
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @batch_norm_training_own_rule(%arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> (tensor<8x4x16xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [j], [j])->([i, j, k], [j], [j]) {i=8, j=4, k=16} need_replication={k}>} : (tensor<8x4x16xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4x16xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x4x16xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Two reshapes of one shape, one with its own rule (its factors in the other order): they do not
// share a cached rule.
// CHECK-LABEL: func.func {{(private )?}}@reshape_own_rule_not_cached(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
// CHECK: %1 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_own_rule_not_cached(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32>, tensor<32xf32>) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<32xf32>
  %1 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ji]) {i=8, j=4}>} : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0, %1 : tensor<32xf32>, tensor<32xf32>
}
