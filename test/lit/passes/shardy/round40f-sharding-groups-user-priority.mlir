// SHARDY: sdy-user-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 40f: sharding groups in the style of Shardy's group tests (merged groups, members with
// shardings of their own, groups in a manual computation, of func arguments, of a closed
// constraint's result); all agreed when written.

// Group members whose own shardings differ.
// CHECK-LABEL: func.func {{(private )?}}@group_members_with_own_shardings(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=3 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=3 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_members_with_own_shardings(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.abs %arg1 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=3 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=3 : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A group inside a manual computation's body, one member constrained.
// CHECK-LABEL: func.func {{(private )?}}@group_in_manual_body(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {"c", ?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x8xf32>
// CHECK: %3 = sdy.sharding_constraint %2 <@mesh, [{?}, {"c", ?}]> : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=5 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %3 group_id=5 : tensor<8x8xf32>
// CHECK: %4 = stablehlo.add %1, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_in_manual_body(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = stablehlo.abs %arg1 : tensor<8x8xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{?}, {"c", ?}]> : tensor<8x8xf32>
    sdy.sharding_group %1 group_id=5 : tensor<8x8xf32>
    sdy.sharding_group %3 group_id=5 : tensor<8x8xf32>
    %4 = stablehlo.add %1, %3 : tensor<8x8xf32>
    sdy.return %4 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// A group of a dot operand and the transpose of the other.
// CHECK-LABEL: func.func {{(private )?}}@group_of_dot_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg1, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16x8xf32>) -> tensor<8x16xf32>
// CHECK: sdy.sharding_group %arg0 group_id=2 : tensor<8x16xf32>
// CHECK: sdy.sharding_group %0 group_id=2 : tensor<8x16xf32>
// CHECK: %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_of_dot_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  sdy.sharding_group %arg0 group_id=2 : tensor<8x16xf32>
  sdy.sharding_group %0 group_id=2 : tensor<8x16xf32>
  %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A group holding a closed constraint's result.
// CHECK-LABEL: func.func {{(private )?}}@group_with_closed_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=4 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=4 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_with_closed_constraint(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=4 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=4 : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A group of two func arguments.
// CHECK-LABEL: func.func {{(private )?}}@group_of_func_args(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) {
// CHECK: sdy.sharding_group %arg0 group_id=9 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %arg1 group_id=9 : tensor<8x8xf32>
// CHECK: %0 = stablehlo.add %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.multiply %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_of_func_args(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=9 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=9 : tensor<8x8xf32>
  %0 = stablehlo.add %arg1, %arg2 : tensor<8x8xf32>
  %1 = stablehlo.multiply %arg0, %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
