// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 26a: Shardy's propagation passes read a manual computation's body argument as holding
// its local in_sharding when they compare a sharding group's members, outside the pipeline too:
// members that differ from it each get an open constraint.

// CHECK-LABEL: func.func {{(private )?}}@group_of_manual_body_argument(
// CHECK-SAME: %arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"c"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
// CHECK: %1 = sdy.sharding_constraint %arg1 <@mesh, [{?}, {"c", ?}]> : tensor<4x8xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}]> : tensor<4x8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{?}, {"c", ?}]> : tensor<4x8xf32>
// CHECK: sdy.sharding_group %3 group_id=0 : tensor<4x8xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<4x8xf32>
// CHECK: %4 = stablehlo.negate %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @group_of_manual_body_argument(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"c"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%m: tensor<4x8xf32>) {
    %1 = sdy.sharding_constraint %m <@mesh, [{}, {}]> : tensor<4x8xf32>
    sdy.sharding_group %1 group_id=0 : tensor<4x8xf32>
    sdy.sharding_group %m group_id=0 : tensor<4x8xf32>
    %2 = stablehlo.negate %1 : tensor<4x8xf32>
    sdy.return %2 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// campaign 69219: the same inside a manual computation whose result nothing uses
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a"}]>}, %arg1: tensor<4x8xf32>) -> (tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"c"}]>] out_shardings=[<@mesh, [{"b", ?}, {"a"}]>] manual_axes={"a", "b"} (%arg2: tensor<3x4xf32>) {
// CHECK: %2 = sdy.sharding_constraint %arg2 <@mesh, [{?}, {"c", ?}]> : tensor<3x4xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{}, {}]> : tensor<3x4xf32>
// CHECK: %4 = sdy.sharding_constraint %3 <@mesh, [{?}, {"c", ?}]> : tensor<3x4xf32>
// CHECK: sdy.sharding_group %4 group_id=0 : tensor<3x4xf32>
// CHECK: sdy.sharding_group %2 group_id=0 : tensor<3x4xf32>
// CHECK: %1 = stablehlo.slice %arg0 [0:3, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=2, "c"=4]>
func.func @main(%arg1: tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a"}]>}, %arg8: tensor<4x8xf32>) -> (tensor<3x4xf32>) {
  %v2 = stablehlo.add %arg1, %arg1 : tensor<3x4xf32>
  %v3 = stablehlo.broadcast_in_dim %v2, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<16x3x4xf32>
  %mc6 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {"c"}]>] out_shardings=[<@mesh, [{"b", ?}, {"a"}]>] manual_axes={"a", "b"} (%m4: tensor<3x4xf32>) {
    %v5 = sdy.sharding_constraint %m4 <@mesh, [{}, {}]> : tensor<3x4xf32>
    sdy.sharding_group %v5 group_id=0 : tensor<3x4xf32>
    sdy.sharding_group %m4 group_id=0 : tensor<3x4xf32>
    sdy.return %v5 : tensor<3x4xf32>
  } : (tensor<3x4xf32>) -> tensor<6x32xf32>
  %v7 = stablehlo.custom_call @foo(%v2) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=3, j=4} blocked_propagation={i}, custom>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %v9 = stablehlo.dot_general %v7, %arg8, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %v10 = stablehlo.slice %arg1 [0:3, 0:4] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %v10 : tensor<3x4xf32>
}
