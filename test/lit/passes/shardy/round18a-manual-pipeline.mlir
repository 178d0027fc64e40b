// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 18a (random MLIR campaign): Shardy's import (sdy-apply-sharding-constraints) gives a
// manual computation's operand the in_sharding only when the in_sharding is fully closed or the
// manual computation is the value's only use. Here the abs has a second user and the
// in_sharding is open: the abs keeps "b" from the argument and takes "c" from the manual
// computation while propagating. meshjit gave it the in_sharding (dim 0 closed, empty)
// (campaign seed 40162).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> (tensor<32x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}, {}]>}, tensor<32x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}, {}]>]>} : tensor<32x8x4xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {"c"}, {}]>] out_shardings=[<@mesh, [{}, {"c"}, {}]>] manual_axes={"c"} (%arg1: tensor<32x4x4xf32>) {
// CHECK: %2 = stablehlo.slice %1 [0:32, 0:4, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {}]>]>} : (tensor<32x8x4xf32>) -> tensor<32x4x4xf32>
// CHECK: %3 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}, {}]>]>} : tensor<32x8x4xf32>
sdy.mesh @mesh = <["b"=4, "c"=2]>
func.func @main(%arg0: tensor<32x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {?}]>}) -> (tensor<32x8x4xf32>, tensor<32x4x4xf32>) {
  %0 = stablehlo.abs %arg0 : tensor<32x8x4xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {"c"}, {?}]>] out_shardings=[<@mesh, [{}, {"c"}, {?}]>] manual_axes={"c"} (%m: tensor<32x4x4xf32>) {
    %2 = stablehlo.negate %m : tensor<32x4x4xf32>
    sdy.return %2 : tensor<32x4x4xf32>
  } : (tensor<32x8x4xf32>) -> tensor<32x8x4xf32>
  %3 = stablehlo.slice %1 [0:32, 0:4, 0:4] : (tensor<32x8x4xf32>) -> tensor<32x4x4xf32>
  %4 = stablehlo.exponential %0 : tensor<32x8x4xf32>
  return %4, %3 : tensor<32x8x4xf32>, tensor<32x4x4xf32>
}
