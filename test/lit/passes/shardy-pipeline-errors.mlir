// RUN: not meshjit-opt %s -split-input-file --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   2>&1 | FileCheck %s

// What Shardy's import (sdy-propagation-pipeline) refuses and its bare passes take: the
// Shardy-compatible pipeline refuses it in Shardy's words, a located error, no traceback.
// CHECK-NOT: Traceback

// A sharding group with a member inside a manual computation and one outside (session 36).
// CHECK: shardy-pipeline-errors.mlir:[[# @LINE + 7]]:5: error: ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: 2
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @group_across_manual(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>) {
  %0 = stablehlo.negate %a : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=2 : tensor<8x8xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%m: tensor<4x8xf32>) {
    %2 = stablehlo.abs %m : tensor<4x8xf32>
    sdy.sharding_group %2 group_id=2 : tensor<4x8xf32>
    sdy.return %2 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// Members in two manual computations, one of them in a loop's body: reported at the second.
// CHECK: shardy-pipeline-errors.mlir:[[# @LINE + 18]]:5: error: ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: 1
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @groups_in_two_manual_computations(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %w:2 = stablehlo.while(%it = %a, %i = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%it) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%m: tensor<4x8xf32>) {
      %2 = stablehlo.negate %m : tensor<4x8xf32>
      sdy.sharding_group %2 group_id=1 : tensor<4x8xf32>
      sdy.return %2 : tensor<4x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %1, %i : tensor<8x8xf32>, tensor<i32>
  }
  %3 = sdy.manual_computation(%b) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%n: tensor<4x8xf32>) {
    %4 = stablehlo.abs %n : tensor<4x8xf32>
    sdy.sharding_group %4 group_id=1 : tensor<4x8xf32>
    sdy.return %4 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %5 = stablehlo.add %w#0, %3 : tensor<8x8xf32>
  return %5 : tensor<8x8xf32>
}
