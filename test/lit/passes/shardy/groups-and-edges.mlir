// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Sharding groups in Shardy's propagation passes, across data-flow edges and regions: every
// member ends with the group's one sharding.

// CHECK-LABEL: func.func {{(private )?}}@group_across_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %3 group_id=1 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=1 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @group_across_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = stablehlo.negate %iterArg : tensor<8x8xf32>
    stablehlo.return %3, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 : tensor<8x8xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<i32>
  %4 = stablehlo.abs %arg0 : tensor<8x8xf32>
  sdy.sharding_group %4 group_id=1 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=1 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_inside_while_body(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %3 group_id=4 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %arg0 group_id=4 : tensor<8x8xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @group_inside_while_body(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = stablehlo.negate %iterArg : tensor<8x8xf32>
    sdy.sharding_group %3 group_id=4 : tensor<8x8xf32>
    sdy.sharding_group %arg0 group_id=4 : tensor<8x8xf32>
    stablehlo.return %3, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 : tensor<8x8xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<i32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_with_open_members(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.multiply %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=2 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=2 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @group_with_open_members(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.add %arg0, %arg2 : tensor<8x8xf32>
  %1 = stablehlo.multiply %arg1, %arg1 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=2 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=2 : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}
