// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 27a: a concatenate whose operands are on two meshes, one of them replicated (no axes:
// the same on any mesh), is resharded as one on the other mesh (campaign 70408).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}, %arg1: tensor<16xf32>, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %2 = stablehlo.concatenate %1, %arg2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a"}]> : tensor<16xf32>
sdy.mesh @mesh = <["a"=2], device_ids=[1, 0]>
sdy.mesh @mesh1 = <["a"=2]>
func.func @main(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}, %arg2: tensor<16xf32>, %arg5: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p0]>}) {
  %v3 = stablehlo.exponential %arg1 : tensor<8xf32>
  %v4 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}]> : tensor<8xf32>
  %v6 = stablehlo.concatenate %v4, %arg5, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %v6 : tensor<16xf32>
}

