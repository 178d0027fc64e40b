// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20a: Shardy's import splits constants per use (sdy-constant-or-scalar-splitter) before
// it applies constraints and manual computations' in_shardings, so a closed in_sharding lands
// on the manual computation's own copy only: the add's copy stays free and takes "b" from
// the argument, and the export keeps the two copies apart (their shardings differ). meshjit
// applied the in_sharding to the constant first, so both copies had "a" and the add took it
// (campaign seeds 60281, 60286: there the manual computation is dead and its copy goes).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} dense<1.000000e+00> : tensor<8x4xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: %3 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x4xf32>) {
// CHECK: sdy.return %4 : tensor<4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<8x4xf32>
  %0 = stablehlo.add %arg0, %c : tensor<8x4xf32>
  %1 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%m: tensor<4x4xf32>) {
    %2 = stablehlo.sqrt %m : tensor<4x4xf32>
    sdy.return %2 : tensor<4x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %3 = stablehlo.multiply %arg0, %arg0 : tensor<8x4xf32>
  %4 = sdy.manual_computation(%3) in_shardings=[<@mesh, [{}, {"b"}]>] out_shardings=[<@mesh, [{}, {"b"}]>] manual_axes={"b"} (%m: tensor<8x2xf32>) {
    %5 = stablehlo.abs %m : tensor<8x2xf32>
    sdy.return %5 : tensor<8x2xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
}
