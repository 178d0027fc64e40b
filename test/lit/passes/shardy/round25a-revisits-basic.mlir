// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 25a: the ops Shardy's driver visits again when it erases a dead op (the dead
// concatenate's constant operand, also returned by a named computation inside a manual
// computation) are found by program position: the module's dead ops are gone by the time the
// driver's edges are built (campaign 63269 crashed meshjit there).

// CHECK-LABEL: func.func {{(private )?}}@revisit_inside_named_computation(
// CHECK-SAME: %arg0: tensor<3x2xf32>, %arg1: tensor<8x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}p1, {"a"}, {"b":(1)2}]>}, %arg2: tensor<16x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, "b":(1)2, ?}, {"c":(2)2}, {?}]>}, %arg3: tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c":(2)2, ?}, {?}]>}) -> (tensor<96x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(2)2, ?}, {"c":(1)2, ?}]>}) {
// CHECK: %0 = sdy.sharding_constraint %arg2 <@mesh, [{?}, {"b":(1)2, "a"}, {"c":(2)2, "c":(1)2, ?}]> : tensor<16x6x8xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(2)2, ?}, {"c":(1)2, ?}]>]>} : (tensor<16x6x8xf32>) -> tensor<96x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=4]>
func.func @revisit_inside_named_computation(%arg1: tensor<3x2xf32>, %arg2: tensor<8x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}p1, {"a"}, {"b":(1)2}]>}, %arg3: tensor<16x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, "b":(1)2, ?}, {"c":(2)2}, {?}]>}, %arg5: tensor<8x6x8xf32>) -> (tensor<96x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(2)2, ?}, {"c":(1)2, ?}]>}) {
  %v4 = stablehlo.slice %arg3 [0:16, 0:6, 0:8] : (tensor<16x6x8xf32>) -> tensor<16x6x8xf32>
  %v6 = stablehlo.dot_general %v4, %arg5, batching_dims = [2] x [0], contracting_dims = [1] x [1] : (tensor<16x6x8xf32>, tensor<8x6x8xf32>) -> tensor<8x16x8xf32>
  %mc13 = sdy.manual_computation(%v6) in_shardings=[<@mesh, [{"b"}, {?}, {"a"}]>] out_shardings=[<@mesh, [{}, {"b"}]>] manual_axes={"a", "b"} (%m7: tensor<2x16x4xf32>) {
    %nc11 = sdy.named_computation<"baz">(%m7) (%n8: tensor<2x16x4xf32>) {
      %c9 = stablehlo.constant dense<1.000000e+00> : tensor<2x16x4xf32>
      %v10 = stablehlo.concatenate %n8, %c9, dim = 2 : (tensor<2x16x4xf32>, tensor<2x16x4xf32>) -> tensor<2x16x8xf32>
      sdy.return %c9 : tensor<2x16x4xf32>
    } : (tensor<2x16x4xf32>) -> tensor<2x16x4xf32>
    %v12 = stablehlo.reshape %nc11 : (tensor<2x16x4xf32>) -> tensor<32x4xf32>
    sdy.return %v12 : tensor<32x4xf32>
  } : (tensor<8x16x8xf32>) -> tensor<32x16xf32>
  %v14 = sdy.sharding_constraint %arg3 <@mesh, [{?}, {"b":(1)2, "a"}, {"c":(2)2, "c":(1)2, ?}]> : tensor<16x6x8xf32>
  %v15 = stablehlo.reshape %v14 : (tensor<16x6x8xf32>) -> tensor<96x8xf32>
  return %v15 : tensor<96x8xf32>
}

