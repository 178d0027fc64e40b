// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 28a: a group member whose sharding has open empty dims and replicated axes says nothing
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
