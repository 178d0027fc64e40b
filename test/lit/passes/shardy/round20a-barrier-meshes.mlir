// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20a: Shardy's import gives an optimization barrier one data-flow edge per value, so
// each result takes its own operand's sharding even when the operands are on different
// meshes. meshjit propagated through the barrier as one op of one mesh, and left both
// results unsharded (campaign seeds 60033, 60151).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}
