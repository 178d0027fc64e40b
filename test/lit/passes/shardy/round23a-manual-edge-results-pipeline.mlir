// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: a manual computation's closed in_sharding on a loop's (case's, barrier's) result
// is, to Shardy's import, a closed constraint there: it stands right after the loop and every
// use of the result, before the manual computation or after it, reads it, so the loop takes
// only its sharding (campaign 60235).

// CHECK-LABEL: func.func {{(private )?}}@in_sharding_on_loop_result_takes_its_uses(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x4xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>, <@mesh, []>]>}
// CHECK: %3 = sdy.reshard %2#0 <@mesh, [{"b"}, {}]> : tensor<8x4xf32>
// CHECK: %4 = stablehlo.add %3, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x4xf32>
// CHECK: %5 = sdy.manual_computation(%3) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%arg2: tensor<4x4xf32>) {
// CHECK: %6 = stablehlo.multiply %3, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x4xf32>
// CHECK: %7 = stablehlo.slice %5 [0:4, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8x4xf32>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @in_sharding_on_loop_result_takes_its_uses(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x4xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %it, %n : tensor<8x4xf32>, tensor<i32>
  }
  %before = stablehlo.add %w#0, %arg1 : tensor<8x4xf32>
  %mc = sdy.manual_computation(%w#0) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%m: tensor<4x4xf32>) {
    %v = stablehlo.negate %m : tensor<4x4xf32>
    sdy.return %v : tensor<4x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %after = stablehlo.multiply %w#0, %arg1 : tensor<8x4xf32>
  %s = stablehlo.slice %mc [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
  return %before, %s, %after : tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>
}
