// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep, tests/support/op_sweep.py): Shardy's rule for a sort makes the
// sorted dim need replication, and also blocks propagation along it when every other dim has
// size one; meshjit never blocked it, so the operand's axes reached the result (sort seeds 27,
// 33, 39). With another dim of size > 1 the sorted dim propagates.

// CHECK-LABEL: func.func {{(private )?}}@sort_rank_one_blocks(
// CHECK-SAME: %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> tensor<6xf32> {
// CHECK: %1 = stablehlo.compare GT, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=6} need_replication={i} blocked_propagation={i}>} : (tensor<6xf32>) -> tensor<6xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @sort_rank_one_blocks(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> tensor<6xf32> {
  %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sort_other_dims_of_size_one_block(
// CHECK-SAME: %arg0: tensor<1x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) -> tensor<1x8x1xf32> {
// CHECK: %1 = stablehlo.compare GT, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=1, j=8, k=1} need_replication={j} blocked_propagation={j}>} : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @sort_other_dims_of_size_one_block(%arg0: tensor<1x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) -> tensor<1x8x1xf32> {
  %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
  return %0 : tensor<1x8x1xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sort_with_another_dim_propagates(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %1 = stablehlo.compare GT, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=8} need_replication={j}>} : (tensor<2x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @sort_with_another_dim_propagates(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<2x8xf32> {
  %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
