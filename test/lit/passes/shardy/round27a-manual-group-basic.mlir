// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
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
