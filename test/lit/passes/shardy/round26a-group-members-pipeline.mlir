// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: Shardy's pipeline keeps one group op per value before its propagation adds the
// open constraints of a group whose members disagree: a value a group holds twice gets one
// constraint, not two (its bare passes add one per group op).

// CHECK-LABEL: func.func {{(private )?}}@group_holds_a_value_twice(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %1, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @group_holds_a_value_twice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// campaign 29070: a call result grouped with a constraint chain (the group holds the chain's
// first link twice once it takes over the call result's uses)
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x1x4xf32> {
// CHECK: %0 = call @callee2(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)4}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<2x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {}]> : tensor<2x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {}]> : tensor<2x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{}, {}]> : tensor<2x4xf32>
// CHECK: %5 = sdy.constant dense<0> : tensor<i32>
// CHECK-LABEL: func.func {{(private )?}}@callee2(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)4}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK: %1 = stablehlo.custom_call @my_op(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)4}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4} need_replication={i}, custom>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)4}]>]>} : tensor<2x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=1]>
func.func private @callee2(%farg0: tensor<8xf32>) -> (tensor<2x4xf32>) {
  %v3 = stablehlo.reshape %farg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  %v4 = stablehlo.custom_call @my_op(%v3) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4} need_replication={i}, custom>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %v5 = stablehlo.negate %v4 : tensor<2x4xf32>
  return %v5 : tensor<2x4xf32>
}
func.func @main(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x1x4xf32>) {
  %call6 = func.call @callee2(%arg1) : (tensor<8xf32>) -> tensor<2x4xf32>
  %v7 = sdy.sharding_constraint %call6 <@mesh, [{}, {"b"}p0]> : tensor<2x4xf32>
  %v8 = sdy.sharding_constraint %v7 <@mesh, [{}, {?}], replicated={"a", "b"}> : tensor<2x4xf32>
  sdy.sharding_group %v8 group_id=0 : tensor<2x4xf32>
  sdy.sharding_group %call6 group_id=0 : tensor<2x4xf32>
  sdy.sharding_group %v7 group_id=0 : tensor<2x4xf32>
  %c9 = stablehlo.constant dense<0> : tensor<i32>
  %v10 = stablehlo.dynamic_update_slice %v8, %call6, %c9, %c9 : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %v11 = stablehlo.reshape %v10 : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
  return %v11 : tensor<2x1x4xf32>
}
