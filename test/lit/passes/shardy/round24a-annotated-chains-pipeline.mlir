// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: Shardy's import leaves a value that has a sharding of its own (an annotated func
// argument) as it is, chains of constraints on it too: its later uses keep reading it (campaign
// 29180). An unannotated value's later uses read the chain's last constraint (second case).

// CHECK-LABEL: func.func {{(private )?}}@chain_on_an_annotated_argument(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.exponential %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @chain_on_an_annotated_argument(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}p3]>}) -> (tensor<8x8xf32>) {
  
  %s1 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %s2 = sdy.sharding_constraint %s1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg1, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %e = stablehlo.exponential %it : tensor<8x8xf32>
    stablehlo.return %e, %i : tensor<8x8xf32>, tensor<i32>
  }
  return %w#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@chain_on_an_unannotated_argument(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.constant dense<0> : tensor<i32>
// CHECK: %3 = sdy.constant dense<4> : tensor<i32>
// CHECK: %4:2 = stablehlo.while(%iterArg = %1, %iterArg_0 = %2) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %5 = stablehlo.exponential %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @chain_on_an_unannotated_argument(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  
  %s1 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %s2 = sdy.sharding_constraint %s1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg1, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %e = stablehlo.exponential %it : tensor<8x8xf32>
    stablehlo.return %e, %i : tensor<8x8xf32>, tensor<i32>
  }
  return %w#0 : tensor<8x8xf32>
}
