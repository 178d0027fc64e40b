// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep, concatenate seeds 5009, 5035): a concatenate whose operands
// disagree is computed unsharded when only its concatenated dim held axes; Shardy's explicit
// reshards leave a result that had no sharding without one, meshjit wrote `[{}]` on it.

// CHECK-LABEL: func.func {{(private )?}}@bare_result_stays_bare(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<13xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<4xf32>
// CHECK: %1 = stablehlo.concatenate %0, %arg1, %arg2, dim = 0 : (tensor<4xf32>, tensor<8xf32>, tensor<1xf32>) -> tensor<13xf32>
sdy.mesh @mesh = <["a"=1, "b"=4, "c"=2]>
func.func @bare_result_stays_bare(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}, %arg2: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", ?}]>}) -> (tensor<13xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 : (tensor<4xf32>, tensor<8xf32>, tensor<1xf32>) -> tensor<13xf32>
  return %0 : tensor<13xf32>
}

// -----

// A result that had a sharding keeps one.
// CHECK-LABEL: func.func {{(private )?}}@sharded_result_keeps_one(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<4xf32>
// CHECK: %1 = stablehlo.concatenate %0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<4xf32>, tensor<8xf32>) -> tensor<12xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"c"}]> : tensor<12xf32>
sdy.mesh @mesh = <["a"=1, "b"=4, "c"=2]>
func.func @sharded_result_keeps_one(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}) -> (tensor<12xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}]>]>} : (tensor<4xf32>, tensor<8xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}
