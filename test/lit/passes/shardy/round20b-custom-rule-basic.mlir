// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 20b (custom calls with their own rules in the one-op sweep, 14019): in the basic
// strategy a factor propagates only where every tensor can take it; %arg0's dim [k, i] holds
// "a", which does not divide k (3), so no factor of that dim can be sharded further there and
// i takes nothing from %arg1's "b", the result neither.
// CHECK-LABEL: func.func {{(private )?}}@misfit_axis_blocks_the_dims_factors(
// CHECK-SAME: %arg0: tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<3x4xf32> {
// CHECK: %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j, ki], [i, j])->([k, i]) {i=4, j=6, k=3} reduction={j}, custom>} : (tensor<6x12xf32>, tensor<4x6xf32>) -> tensor<3x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @misfit_axis_blocks_the_dims_factors(%arg0: tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<3x4xf32> {
  %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j, ki], [i, j])->([k, i]) {i=4, j=6, k=3} reduction={j}, custom>} : (tensor<6x12xf32>, tensor<4x6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// An open dim [k, i] holding nothing takes i (k is then not fully sharded: the result only).
// CHECK-LABEL: func.func {{(private )?}}@empty_dim_takes_later_factor(
// CHECK-SAME: %arg0: tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}, %arg1: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, ki], [i, j])->([k, i]) {i=4, j=6, k=3} reduction={j}, custom>} : (tensor<6x12xf32>, tensor<4x6xf32>) -> tensor<3x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @empty_dim_takes_later_factor(%arg0: tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}, %arg1: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<3x4xf32> {
  %0 = stablehlo.custom_call @bar(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([j, ki], [i, j])->([k, i]) {i=4, j=6, k=3} reduction={j}, custom>} : (tensor<6x12xf32>, tensor<4x6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
