// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 28a hand cases (basic strategy). A group member whose sharding has open empty dims and replicated axes says nothing
// to Shardy's group import (no constraints): the group's sharding replaces it whole, replicated
// axes and all (campaign 34208, extended).
// CHECK-LABEL: func.func {{(private )?}}@open_replicated_member_takes_closed(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32>, tensor<16x4xf32>) {
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<16x4xf32>
// CHECK: sdy.sharding_group %arg1 group_id=0 : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @open_replicated_member_takes_closed(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a"}>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32>, tensor<16x4xf32>) {
  sdy.sharding_group %arg0 group_id=0 : tensor<16x4xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<16x4xf32>
  %0 = stablehlo.negate %arg0 : tensor<16x4xf32>
  %1 = stablehlo.abs %arg1 : tensor<16x4xf32>
  return %0, %1 : tensor<16x4xf32>, tensor<16x4xf32>
}

// -----

// The other member shards the axis the open member replicates: that member's sharding is the group's.
// CHECK-LABEL: func.func {{(private )?}}@open_replicated_member_takes_axis(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<16x4xf32>
// CHECK: sdy.sharding_group %arg1 group_id=0 : tensor<16x4xf32>
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x4xf32>
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @open_replicated_member_takes_axis(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a"}>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x4xf32>, tensor<16x4xf32>) {
  sdy.sharding_group %arg0 group_id=0 : tensor<16x4xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<16x4xf32>
  %0 = stablehlo.negate %arg0 : tensor<16x4xf32>
  %1 = stablehlo.abs %arg1 : tensor<16x4xf32>
  return %0, %1 : tensor<16x4xf32>, tensor<16x4xf32>
}

// -----

// A callee's dead compare propagates its annotated argument's "a" into a constant the live slice reads before Shardy's driver erases it; a constraint in the caller before the call must not make meshjit erase it first (the callee's ops stand at the call in meshjit's graph; campaign 47163, extended wide).
// CHECK-LABEL: func.func {{(private )?}}@callee_with_dead_compare(
// CHECK-SAME: %arg0: tensor<3x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<3x16xf32> {
// CHECK: %cst = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} dense<1.000000e+00> : tensor<3x16xf32>
// CHECK: %0 = stablehlo.slice %cst [0:3, 0:16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<3x16xf32>) -> tensor<3x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> tensor<3x16xf32> {
// CHECK: %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"a", ?}]> : tensor<3x16xf32>
sdy.mesh @mesh = <["a"=4]>
func.func private @callee_with_dead_compare(%farg0: tensor<3x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<3x16xf32>) {
  %c6 = stablehlo.constant dense<1.000000e+00> : tensor<3x16xf32>
  %v7 = stablehlo.compare GT, %farg0, %c6 : (tensor<3x16xf32>, tensor<3x16xf32>) -> tensor<3x16xi1>
  %v8 = stablehlo.select %v7, %farg0, %c6 : tensor<3x16xi1>, tensor<3x16xf32>
  %v9 = stablehlo.broadcast_in_dim %v8, dims = [0, 2] : (tensor<3x16xf32>) -> tensor<3x8x16xf32>
  %v10 = stablehlo.slice %c6 [0:3, 0:16] : (tensor<3x16xf32>) -> tensor<3x16xf32>
  return %v10 : tensor<3x16xf32>
}
func.func @main(%arg2: tensor<3x16xf32>) -> (tensor<3x16xf32>) {
  %v4 = sdy.sharding_constraint %arg2 <@mesh, [{}, {"a", ?}]> : tensor<3x16xf32>
  %call11 = func.call @callee_with_dead_compare(%arg2) : (tensor<3x16xf32>) -> tensor<3x16xf32>
  %v18 = stablehlo.negate %call11 : tensor<3x16xf32>
  return %v18 : tensor<3x16xf32>
}
