// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 19a: a concatenate whose operands disagree is resharded to what the export picks; when
// that leaves it unsharded and propagation gave its result nothing, Shardy's export writes no
// sharding on it (meshjit wrote `[{}]`; campaign seed 50002).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<8xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<4xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> tensor<8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  %1 = stablehlo.sqrt %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
