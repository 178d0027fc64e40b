// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 27b: a variadic stablehlo.all_reduce is pointwise over all its operands and results
// (one factor per dim of the first result, as Shardy's rule): a sharded operand shards the other.
// CHECK-LABEL: func.func {{(private )?}}@all_reduce_two_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %1 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j], [i, j]) {i=8, j=16}>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @all_reduce_two_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0:2 = "stablehlo.all_reduce"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  return %0#0, %0#1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// Operands of other shapes take the first result's factors all the same (as Shardy).
// CHECK-LABEL: func.func {{(private )?}}@all_reduce_shapes_differ(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %1 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j], [i, j]) {i=8, j=4}>} : (tensor<8x4xf32>, tensor<6x16xf32>) -> (tensor<8x4xf32>, tensor<6x16xf32>)
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @all_reduce_shapes_differ(%arg0: tensor<8x4xf32>, %arg1: tensor<6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32>, tensor<6x16xf32>) {
  %0:2 = "stablehlo.all_reduce"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x4xf32>, tensor<6x16xf32>) -> (tensor<8x4xf32>, tensor<6x16xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<6x16xf32>
}

// -----

// A variadic all_to_all: every operand and result on the first one's factors (the split and
// concatenated dims need replication).
// CHECK-LABEL: func.func {{(private )?}}@all_to_all_two_operands(
// CHECK-SAME: %arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a"}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {"a", ?}]>}) -> (tensor<16x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a", ?}]>}, tensor<16x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @all_to_all_two_operands(%arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a"}]>}, %arg1: tensor<8x16x4xf32>) -> (tensor<16x8x4xf32>, tensor<16x8x4xf32>) {
  %0:2 = "stablehlo.all_to_all"(%arg0, %arg1) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16x4xf32>, tensor<8x16x4xf32>) -> (tensor<16x8x4xf32>, tensor<16x8x4xf32>)
  return %0#0, %0#1 : tensor<16x8x4xf32>, tensor<16x8x4xf32>
}

// -----

// A variadic all_gather: the same, the gathered dim needing replication on each side.
// CHECK-LABEL: func.func {{(private )?}}@all_gather_two_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @all_gather_two_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %0:2 = "stablehlo.all_gather"(%arg0, %arg1) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>)
  return %0#0, %0#1 : tensor<8x32xf32>, tensor<8x32xf32>
}
