// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 6: data-flow edges in the input (bare passes): loop and branch results with sharded owners, two-result branches, closed owners, barriers, edges nested in loops, owners feeding dots, priorities on owners (op-priority).

// CHECK-LABEL: func.func {{(private )?}}@while_result_edges_sharded_owner(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<i32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %4 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_result_edges_sharded_owner(%arg0: tensor<8x16xf32>, %arg1: tensor<i32>) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.negate %x : tensor<8x16xf32>
    stablehlo.return %i, %2 : tensor<i32>, tensor<8x16xf32>
  }
  %3 = sdy.data_flow_edge %0#0 : tensor<i32>
  %4 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
  %5 = stablehlo.abs %4 : tensor<8x16xf32>
  return %5 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_two_results_edges(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_two_results_edges(%p: tensor<i32>, %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0:2 = "stablehlo.case"(%p) ({
    stablehlo.return %arg0, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>
  }, {
    stablehlo.return %arg1, %arg0 : tensor<8x16xf32>, tensor<8x16xf32>
  }) : (tensor<i32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  %1 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<8x16xf32>
  return %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_edge_closed_owner(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{}, {"c"}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_edge_closed_owner(%p: tensor<i32>, %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.case"(%p) ({
    %1 = stablehlo.negate %arg0 : tensor<8x16xf32>
    stablehlo.return %1 : tensor<8x16xf32>
  }, {
    stablehlo.return %arg0 : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 sharding=<@mesh, [{}, {"c"}]> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_edge_backward(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.data_flow_edge %1 sharding=<@mesh, [{"c", ?}, {"a", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @barrier_edge_backward(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.optimization_barrier %0 : tensor<8x16xf32>
  %2 = sdy.data_flow_edge %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@nested_case_in_while_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %4 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %3 = sdy.data_flow_edge %2 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_case_in_while_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %p: tensor<i32>) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %p : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = "stablehlo.case"(%i) ({
      %3 = stablehlo.negate %x : tensor<8x16xf32>
      stablehlo.return %3 : tensor<8x16xf32>
    }, {
      stablehlo.return %x : tensor<8x16xf32>
    }) : (tensor<i32>) -> tensor<8x16xf32>
    %4 = sdy.data_flow_edge %2 : tensor<8x16xf32>
    stablehlo.return %i, %4 : tensor<i32>, tensor<8x16xf32>
  }
  %5 = sdy.data_flow_edge %0#1 : tensor<8x16xf32>
  return %5 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@edge_owner_with_user_dot(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @edge_owner_with_user_dot(%p: tensor<i32>, %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %w: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%p) ({
    stablehlo.return %arg0 : tensor<8x16xf32>
  }, {
    %1 = stablehlo.abs %arg0 : tensor<8x16xf32>
    stablehlo.return %1 : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %3 = stablehlo.dot_general %2, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
