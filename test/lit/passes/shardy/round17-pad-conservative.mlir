// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 17 (random MLIR campaign): Shardy's rule for a pad makes a padded dim a permutation
// factor only when the pad changes its size; one whose edges cancel out (low 1, high -1) is
// pointwise, so conservative propagation still carries its axes. meshjit made it a permutation
// factor, which conservative propagation blocks (campaign seeds 30078, 30095, 5130).

// CHECK-LABEL: func.func {{(private )?}}@pad_keeping_its_size_propagates(
// CHECK: stablehlo.pad %arg0, %cst, low = [1], high = [-1], interior = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}]>]>}
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @pad_keeping_its_size_propagates(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [1], high = [-1], interior = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pad_blocks_only_the_dim_changing_size(
// CHECK: stablehlo.pad %arg0, %cst, low = [1, 1], high = [1, -1], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>}
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @pad_blocks_only_the_dim_changing_size(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}]>}) -> tensor<10x8xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [1, 1], high = [1, -1], interior = [0, 0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<10x8xf32>
  return %0 : tensor<10x8xf32>
}
