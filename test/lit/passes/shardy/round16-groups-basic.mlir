// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 16 (random MLIR campaign): Shardy's group import reads a named computation's result
// sharding from its out_shardings; members whose shardings differ (here the named
// computation's and the abs's) each get an open sharding constraint that the group then holds.
// meshjit read no sharding there, saw one sharding in the group and added no constraints
// (campaign seed 9170, every propagation pass).

// CHECK-LABEL: func.func {{(private )?}}@group_reads_named_out_shardings(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a", ?}]>]>} : tensor<4x6xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {"a", ?}]> : tensor<4x6xf32>
// CHECK: %2 = sdy.named_computation<"bar">(%1) in_shardings=[<@mesh, [{?}, {}]>] out_shardings=[<@mesh, [{?}, {}]>] (%arg1: tensor<4x6xf32>) {
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{?}, {"a", ?}]> : tensor<4x6xf32>
// CHECK: sdy.sharding_group %3 group_id=0 : tensor<4x6xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<4x6xf32>
// CHECK: %4 = sdy.sharding_constraint %1 <@mesh, [{?}, {"a"}]> : tensor<4x6xf32>
// CHECK: %5 = stablehlo.add %3, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : tensor<4x6xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @group_reads_named_out_shardings(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : tensor<4x6xf32>
  %1 = sdy.named_computation<"bar">(%0) in_shardings=[<@mesh, [{?}, {}]>] out_shardings=[<@mesh, [{?}, {}]>] (%arg1: tensor<4x6xf32>) {
    %2 = stablehlo.cosine %arg1 : tensor<4x6xf32>
    sdy.return %2 : tensor<4x6xf32>
  } : (tensor<4x6xf32>) -> tensor<4x6xf32>
  sdy.sharding_group %1 group_id=0 : tensor<4x6xf32>
  sdy.sharding_group %0 group_id=0 : tensor<4x6xf32>
  %3 = sdy.sharding_constraint %0 <@mesh, [{?}, {"a"}]> : tensor<4x6xf32>
  %4 = stablehlo.add %1, %3 : tensor<4x6xf32>
  return %4 : tensor<4x6xf32>
}
