// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20a: Shardy's import (sdy-apply-sharding-constraints) gives a manual computation's
// operand the in_sharding only when the in_sharding is fully closed; an open one is applied to
// no value, even one the manual computation is the only user of. Here the transpose keeps "c"
// from the argument (the in_sharding's "b" conflicts and the operand stays apart), and the
// bare argument takes "b" by propagating. meshjit applied the open in_sharding to a value's
// only use, so the transpose had "b" (campaign seed 50267).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%arg2: tensor<1x8xf32>) {
// CHECK: sdy.return %3 : tensor<1x8xf32>
// CHECK: %2 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%arg2: tensor<2x8xf32>) {
// CHECK: sdy.return %3 : tensor<2x8xf32>
sdy.mesh @mesh = <["b"=2, "c"=2]>
func.func @main(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {?}]>}, %arg1: tensor<4x8xf32>) -> (tensor<2x8xf32>, tensor<4x8xf32>) {
  %0 = stablehlo.transpose %arg0, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"b", ?}, {}]>] out_shardings=[<@mesh, [{"b", ?}, {}]>] manual_axes={"b"} (%m: tensor<1x8xf32>) {
    %2 = stablehlo.abs %m : tensor<1x8xf32>
    sdy.return %2 : tensor<1x8xf32>
  } : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%m: tensor<2x8xf32>) {
    %4 = stablehlo.negate %m : tensor<2x8xf32>
    sdy.return %4 : tensor<2x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1, %3 : tensor<2x8xf32>, tensor<4x8xf32>
}
