// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep, tests/support/op_sweep.py): in Shardy's gather rule a collapsed
// dim of size one needs replication (one of size > 1 is a reduction), and an offset dim whose
// slice size is one is a reduction of the operand, the result's dim a size-one factor of its
// own needing replication. meshjit made the first a reduction and the second one blocked
// factor shared by the operand and the result (gather seeds 4, 11, 30).

// CHECK-LABEL: func.func {{(private )?}}@collapsed_dim_of_size_one(
// CHECK-SAME: %arg0: tensor<1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l])->([i, j]) {i=4, j=6, k=1, l=1} need_replication={k, l}>} : (tensor<1x6xf32>, tensor<4x1xi32>) -> tensor<4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @collapsed_dim_of_size_one(%arg0: tensor<1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<4x6xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>} : (tensor<1x6xf32>, tensor<4x1xi32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@offset_dim_of_slice_size_one(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x1xi32>) -> tensor<8x1xf32> {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([l, j], [i, m])->([i, k]) {i=8, j=4, k=1, l=8, m=1} reduction={j, l} need_replication={k, m}>} : (tensor<8x4xf32>, tensor<8x1xi32>) -> tensor<8x1xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @offset_dim_of_slice_size_one(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x1xi32>) -> tensor<8x1xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>} : (tensor<8x4xf32>, tensor<8x1xi32>) -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}
