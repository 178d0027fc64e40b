// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 23a: a value on a maximal mesh (one device holds it) that a sharding group sync puts on
// a mesh propagates from then on like any other value (campaign 22185, every bare pass).

// CHECK-LABEL: func.func {{(private )?}}@synced_maximal_member_propagates(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : tensor<8x4xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : tensor<8x4xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<8x4xf32>
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<8x4xf32>
// CHECK: %2 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2]>
sdy.mesh @maximal_mesh = <[], device_ids=[0]>
func.func @synced_maximal_member_propagates(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x4xf32>
  %1 = stablehlo.negate %arg1 : tensor<8x4xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8x4xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x4xf32>
  %2 = stablehlo.abs %0 : tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}
