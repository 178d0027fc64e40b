// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 16 (random MLIR campaign): Shardy's pipeline erases a manual computation nothing uses
// only in its final canonicalization: its import gives the operand the in_sharding first, and
// propagation carries it to the operand's other users. meshjit erased it with the other dead
// ops before importing (campaign seeds 9055, 9092, 9114, 9246, 9277, 9291, 5000, 5044, 5082,
// 5105, 5136, 5176).

// CHECK-LABEL: func.func {{(private )?}}@dead_manual_computation_shards_its_operand(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @dead_manual_computation_shards_its_operand(%arg1: tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  %mc4 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%m2: tensor<2x2xf32>) {
    %v3 = stablehlo.abs %m2 : tensor<2x2xf32>
    sdy.return %v3 : tensor<2x2xf32>
  } : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %v7 = stablehlo.tanh %arg1 : tensor<8x2xf32>
  return %v7 : tensor<8x2xf32>
}
