// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): Shardy's bare propagation passes
// CHECK-LABEL: func.func {{(private )?}}@duplicate_meshes_kept(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh1, [{"a", ?}, {"b"}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// run no import, so two `sdy.mesh` symbols holding the same mesh both stay, and shardings keep
// naming the second (sdy-propagation-pipeline's import merges them: meshes-pipeline cases).

sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2]>
func.func @duplicate_meshes_kept(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh1, [{?}, {"b"}]> : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@duplicate_meshes_unused_kept(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4]>
sdy.mesh @mesh1 = <["a"=4]>
sdy.mesh @other = <["a"=2, "b"=2]>
func.func @duplicate_meshes_unused_kept(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
