// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 12: cases reconstructed from Shardy's basic propagation tests with data-flow edges already in the input (while, case, optimization_barrier, named computations) and propagation barriers.

// CHECK-LABEL: func.func {{(private )?}}@while_edge_with_sharding_backward(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %3 = stablehlo.sine %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"b", ?}, {"a", ?}]> : tensor<32x96xf32>
// CHECK: %2 = stablehlo.cosine %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_edge_with_sharding_backward(%arg0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<32x96xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = stablehlo.sine %iterArg : tensor<32x96xf32>
    stablehlo.return %3, %iterArg_2 : tensor<32x96xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"b", ?}, {"a", ?}]> : tensor<32x96xf32>
  %2 = stablehlo.cosine %1 : tensor<32x96xf32>
  return %2 : tensor<32x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_edges_from_branch_op(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}]>]>} : tensor<8xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"c", ?}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_edges_from_branch_op(%arg0: tensor<i32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}]>]>} : tensor<8xf32>
    stablehlo.return %2 : tensor<8xf32>
  }, {
    stablehlo.return %arg2 : tensor<8xf32>
  }) : (tensor<i32>) -> tensor<8xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_edge_from_arg_flows_to_other_branch(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %2 = stablehlo.abs %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x4xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_edge_from_arg_flows_to_other_branch(%arg0: tensor<i32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<8x4xf32>
  }, {
    %2 = stablehlo.abs %arg2 : tensor<8x4xf32>
    stablehlo.return %2 : tensor<8x4xf32>
  }) : (tensor<i32>) -> tensor<8x4xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier_edges_both_directions(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @optimization_barrier_edges_both_directions(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
  %1 = sdy.data_flow_edge %0#0 : tensor<8x8xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_two_carried_values(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %4 = stablehlo.add %iterArg, %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<16xf32>
// CHECK: %5 = stablehlo.multiply %iterArg_0, %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : tensor<16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}]> : tensor<16xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"b", ?}]> : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_two_carried_values(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %arg1, %iterArg_2 = %c) : tensor<16xf32>, tensor<16xf32>, tensor<i32>
    cond {
    %4 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  } do {
    %4 = stablehlo.add %iterArg, %iterArg : tensor<16xf32>
    %5 = stablehlo.multiply %iterArg_1, %iterArg_1 : tensor<16xf32>
    stablehlo.return %4, %5, %iterArg_2 : tensor<16xf32>, tensor<16xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 : tensor<16xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<16xf32>
  %3 = sdy.data_flow_edge %0#2 : tensor<i32>
  return %1, %2 : tensor<16xf32>, tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_edges_propagate(
// CHECK-SAME: %arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x2xi32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_edges_propagate(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x2xi32> {
  %0 = sdy.named_computation<"bar">(%arg0) (%arg1: tensor<8x2xi32>) {
    %2 = stablehlo.multiply %arg1, %arg1 : tensor<8x2xi32>
    sdy.return %2 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  %1 = stablehlo.negate %0 : tensor<8x2xi32>
  return %1 : tensor<8x2xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_result_backward(
// CHECK-SAME: %arg0: tensor<8x2xi32>) -> (tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}, {}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_result_backward(%arg0: tensor<8x2xi32>) -> (tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}, {}]>}) {
  %0 = sdy.named_computation<"bar">(%arg0) (%arg1: tensor<8x2xi32>) {
    %2 = stablehlo.multiply %arg1, %arg1 : tensor<8x2xi32>
    sdy.return %2 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  return %0 : tensor<8x2xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@propagation_barrier_forward_edge(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @propagation_barrier_forward_edge(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@propagation_barrier_backward_blocks_forward(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @propagation_barrier_backward_blocks_forward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@propagation_barrier_none_both_sides(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @propagation_barrier_none_both_sides(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
