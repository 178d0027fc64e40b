// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: in Shardy's pipeline too, a dead op still counts as a use of its operands when the
// driver reaches an op before it: the cosine reads an argument a later dead op also reads, so
// it waits out the first op-priority stage and the constraint behind the case reaches it first
// (campaign 73267); a dead op reading another value holds nothing back.

// CHECK-LABEL: func.func {{(private )?}}@dead_user_of_operand_holds_op_back(
// CHECK-SAME: %arg0: tensor<8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"a"}, {}]>}) -> (tensor<8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {}]>}) {
// CHECK: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}, {"c":(1)2}]>]>} : tensor<8x8x4xf32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}, {"c":(1)2}]>]>} : (tensor<i32>) -> tensor<8x8x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {"a"}, {"c":(1)2}]> : tensor<8x8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @dead_user_of_operand_holds_op_back(%arg2: tensor<8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"a"}, {}]>}) -> (tensor<8x8x4xf32>) {
  %v9 = stablehlo.cosine %arg2 : tensor<8x8x4xf32>
  %c10 = stablehlo.constant dense<1> : tensor<i32>
  %case11 = "stablehlo.case"(%c10) ({
    stablehlo.return %v9 : tensor<8x8x4xf32>
  }, {
    stablehlo.return %v9 : tensor<8x8x4xf32>
  }) : (tensor<i32>) -> tensor<8x8x4xf32>
  %v13 = stablehlo.multiply %arg2, %arg2 : tensor<8x8x4xf32>
  %v19 = sdy.sharding_constraint %case11 <@mesh, [{"b"}, {"a", ?}p1, {"c":(1)2, ?}]> : tensor<8x8x4xf32>
  return %v19 : tensor<8x8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dead_user_of_other_value(
// CHECK-SAME: %arg0: tensor<8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"a"}, {}]>}, %arg1: tensor<8x8x4xf32>) -> (tensor<8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {}]>}) {
// CHECK: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {"a"}, {}]>]>} : tensor<8x8x4xf32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {"a"}, {}]>]>} : (tensor<i32>) -> tensor<8x8x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {"a"}, {"c":(1)2}]> : tensor<8x8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @dead_user_of_other_value(%arg2: tensor<8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"a"}, {}]>}, %arg3: tensor<8x8x4xf32>) -> (tensor<8x8x4xf32>) {
  %v9 = stablehlo.cosine %arg2 : tensor<8x8x4xf32>
  %c10 = stablehlo.constant dense<1> : tensor<i32>
  %case11 = "stablehlo.case"(%c10) ({
    stablehlo.return %v9 : tensor<8x8x4xf32>
  }, {
    stablehlo.return %v9 : tensor<8x8x4xf32>
  }) : (tensor<i32>) -> tensor<8x8x4xf32>
  %v13 = stablehlo.multiply %arg3, %arg3 : tensor<8x8x4xf32>
  %v19 = sdy.sharding_constraint %case11 <@mesh, [{"b"}, {"a", ?}p1, {"c":(1)2, ?}]> : tensor<8x8x4xf32>
  return %v19 : tensor<8x8x4xf32>
}
