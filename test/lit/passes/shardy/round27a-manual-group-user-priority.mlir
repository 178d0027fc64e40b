// SHARDY: sdy-user-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 27a: a sharding group holding a manual computation's body argument, whose in_sharding
// says nothing (fully open once the manual axes are off), and a closed constraint on it: the
// group's sharding is the constraint's (an open body argument says nothing), and the body
// argument's in_sharding becomes it after the manual axes, closed where it is (Shardy keeps a
// body argument's sharding in the in_sharding).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16x8x8xf32>) -> (tensor<16x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"b"}, {"a"}]>] out_shardings=[<@mesh, [{?}, {"b"}, {?}]>] manual_axes={"b"} (%arg1: tensor<16x4x8xf32>) {
// CHECK: %1 = sdy.sharding_constraint %arg1 <@mesh, [{}, {}, {"a"}]> : tensor<16x4x8xf32>
// CHECK: sdy.sharding_group %arg1 group_id=0 : tensor<16x4x8xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<16x4x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a", ?}]>]>} : tensor<16x4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<16x8x8xf32>) -> (tensor<16x8x8xf32>) {
  %mc = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {"b", ?}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}, {?}]>] manual_axes={"b"} (%m: tensor<16x4x8xf32>) {
    %c = sdy.sharding_constraint %m <@mesh, [{}, {}, {"a"}]> : tensor<16x4x8xf32>
    sdy.sharding_group %m group_id=0 : tensor<16x4x8xf32>
    sdy.sharding_group %c group_id=0 : tensor<16x4x8xf32>
    %n = stablehlo.negate %c : tensor<16x4x8xf32>
    sdy.return %n : tensor<16x4x8xf32>
  } : (tensor<16x8x8xf32>) -> tensor<16x8x8xf32>
  return %mc : tensor<16x8x8xf32>
}

// -----

// Campaign 33031 (EXTENDED=1).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}]>}, %arg1: tensor<16x6x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {}, {"a"}]>}, %arg2: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}, %arg3: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg4: tensor<1x768x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {?}]>}) -> tensor<1x8xf32> {
// CHECK: %0 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {"b"}, {"a"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}, {?}]>] manual_axes={"b"} (%arg5: tensor<16x3x8x1xf32>) {
// CHECK: %4 = sdy.sharding_constraint %arg5 <@mesh, [{}, {}, {"a"}, {}]> : tensor<16x3x8x1xf32>
// CHECK: sdy.sharding_group %arg5 group_id=0 : tensor<16x3x8x1xf32>
// CHECK: sdy.sharding_group %4 group_id=0 : tensor<16x3x8x1xf32>
// CHECK: %1 = stablehlo.reverse %0, dims = [0, 1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {?}]>]>} : tensor<32x24x1xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<32x24x1xf32>) -> tensor<768x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg1: tensor<8x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}]>}, %arg2: tensor<16x6x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {}, {"a"}p1]>}, %arg3: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}, %arg11: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg16: tensor<1x768x8xf32>) -> (tensor<1x8xf32>) {
  %c4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v5 = stablehlo.reduce(%arg3 init: %c4) applies stablehlo.maximum across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %mc9 = sdy.manual_computation(%arg2) in_shardings=[<@mesh, [{?}, {"b", ?}, {?}, {?}]>] out_shardings=[<@mesh, [{"b"}, {}, {?}]>] manual_axes={"b"} (%m6: tensor<16x3x8x1xf32>) {
    %v7 = sdy.sharding_constraint %m6 <@mesh, [{}, {}, {"a"}, {}]> : tensor<16x3x8x1xf32>
    sdy.sharding_group %m6 group_id=0 : tensor<16x3x8x1xf32>
    sdy.sharding_group %v7 group_id=0 : tensor<16x3x8x1xf32>
    %v8 = stablehlo.reshape %v7 : (tensor<16x3x8x1xf32>) -> tensor<16x24x1xf32>
    sdy.return %v8 : tensor<16x24x1xf32>
  } : (tensor<16x6x8x1xf32>) -> tensor<32x24x1xf32>
  %v10 = stablehlo.transpose %mc9, dims = [1, 2, 0] : (tensor<32x24x1xf32>) -> tensor<24x1x32xf32>
  %v12 = stablehlo.dot_general %arg3, %arg11, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2x16xf32>) -> tensor<16xf32>
  %v13 = stablehlo.slice %v12 [2:14] : (tensor<16xf32>) -> tensor<12xf32>
  %v14 = stablehlo.reverse %mc9, dims = [0, 1, 2] : tensor<32x24x1xf32>
  %v15 = stablehlo.reshape %v14 : (tensor<32x24x1xf32>) -> tensor<768x1xf32>
  %v17 = stablehlo.dot_general %v15, %arg16, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<768x1xf32>, tensor<1x768x8xf32>) -> tensor<1x8xf32>
  return %v17 : tensor<1x8xf32>
}

