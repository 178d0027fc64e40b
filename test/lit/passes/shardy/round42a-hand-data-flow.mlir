// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 42a: hand-written Shardy-style cases of session 42 (issue 19), one category per group of
// cases (named in the comment above each); all agreed with jaxlib's Shardy when written (the
// same inputs under the basic, aggressive and priority passes agreed too).

// Category: inputs holding sdy.data_flow_edge.
// CHECK-LABEL: func.func {{(private )?}}@while_edge_with_sharding(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<16x8xf32>
// CHECK: %3 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @while_edge_with_sharding(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%i = %arg0, %k = %c) : tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<16x8xf32>
    stablehlo.return %n, %k : tensor<16x8xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<16x8xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<i32>
  %3 = stablehlo.abs %1 : tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}

// -----

// Category: inputs holding sdy.data_flow_edge.
// CHECK-LABEL: func.func {{(private )?}}@barrier_edges(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<16x8xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{}, {"b"}]> : tensor<16x8xf32>
// CHECK: %3 = stablehlo.add %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_edges(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<16x8xf32>, tensor<16x8xf32>
  %1 = sdy.data_flow_edge %0#0 : tensor<16x8xf32>
  %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{}, {"b"}]> : tensor<16x8xf32>
  %3 = stablehlo.add %1, %2 : tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}

// -----

// Category: inputs holding sdy.data_flow_edge.
// CHECK-LABEL: func.func {{(private )?}}@case_edge(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<16x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @case_edge(%arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<16x8xf32>
  }, {
    stablehlo.return %arg2 : tensor<16x8xf32>
  }) : (tensor<i32>) -> tensor<16x8xf32>
  %1 = sdy.data_flow_edge %0 : tensor<16x8xf32>
  %2 = stablehlo.negate %1 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}
