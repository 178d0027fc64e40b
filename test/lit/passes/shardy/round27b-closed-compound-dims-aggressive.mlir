// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 27b: a factor in a closed dim of several factors holds no axes in that tensor (Shardy
// does not extend a closed dim's factors), so it keeps none from the tensor's later factors:
// result 1's [ik] dim is closed and empty, so its j takes all of "a", though result 0 holds
// "a":(2)2 on i.
// CHECK-LABEL: func.func {{(private )?}}@closed_compound_dim_takes_nothing(
// CHECK-SAME: %arg0: tensor<6xf32>, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", ?}]>}) -> (tensor<6x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2, ?}, {"a":(2)2, ?}]>}, tensor<4x24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}, {"a":(2)2}]>, <@mesh, [{"a", ?}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k], [i, j])->([k, j, i], [j, ik]) {i=4, j=4, k=6}, custom>} : (tensor<6xf32>, tensor<4x4xf32>) -> (tensor<6x4x4xf32>, tensor<4x24xf32>)
sdy.mesh @mesh = <["a"=4]>
func.func @closed_compound_dim_takes_nothing(%arg0: tensor<6xf32>, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", ?}]>}) -> (tensor<6x4x4xf32>, tensor<4x24xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}, {"a":(2)2}]>, <@mesh, [{?}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k], [i, j])->([k, j, i], [j, ik]) {i=4, j=4, k=6}, custom>} : (tensor<6xf32>, tensor<4x4xf32>) -> (tensor<6x4x4xf32>, tensor<4x24xf32>)
  return %0#0, %0#1 : tensor<6x4x4xf32>, tensor<4x24xf32>
}

// -----

// The same dim open: i's "a":(2)2 goes there too, and j keeps "a":(1)2.
// CHECK-LABEL: func.func {{(private )?}}@open_compound_dim_takes_its_axes(
// CHECK-SAME: %arg0: tensor<6xf32>, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", ?}]>}) -> (tensor<6x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2, ?}, {"a":(2)2, ?}]>}, tensor<4x24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}, {"a":(2)2}]>, <@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k], [i, j])->([k, j, i], [j, ik]) {i=4, j=4, k=6}, custom>} : (tensor<6xf32>, tensor<4x4xf32>) -> (tensor<6x4x4xf32>, tensor<4x24xf32>)
sdy.mesh @mesh = <["a"=4]>
func.func @open_compound_dim_takes_its_axes(%arg0: tensor<6xf32>, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", ?}]>}) -> (tensor<6x4x4xf32>, tensor<4x24xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}, {"a":(2)2}]>, <@mesh, [{?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k], [i, j])->([k, j, i], [j, ik]) {i=4, j=4, k=6}, custom>} : (tensor<6xf32>, tensor<4x4xf32>) -> (tensor<6x4x4xf32>, tensor<4x24xf32>)
  return %0#0, %0#1 : tensor<6x4x4xf32>, tensor<4x24xf32>
}
