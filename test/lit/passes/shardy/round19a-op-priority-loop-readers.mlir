// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 19a: without data-flow edges a loop holds its arguments' sharding, and the body ops
// reading them wait for the next op-priority stage. When the last stage gives the loop its
// sharding (here a pad's padded dim, propagated only by then), Shardy's op-priority pass runs
// its stages again, so the body's exponential takes it; meshjit stopped after the last stage
// (campaign seed 50107).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<576xf32>) -> (tensor<579xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<576xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.exponential %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : tensor<576xf32>
// CHECK: %1 = stablehlo.pad %0#0, %cst, low = [2], high = [1], interior = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<576xf32>, tensor<f32>) -> tensor<579xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}]> : tensor<579xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @main(%arg0: tensor<576xf32>) -> tensor<579xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<576xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %e = stablehlo.exponential %it : tensor<576xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %e, %n : tensor<576xf32>, tensor<i32>
  }
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %1 = stablehlo.pad %0#0, %z, low = [2], high = [1], interior = [0] : (tensor<576xf32>, tensor<f32>) -> tensor<579xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}]> : tensor<579xf32>
  return %2 : tensor<579xf32>
}
