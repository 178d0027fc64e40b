// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 18a hand cases (Shardy's propagation tests' ground in the graph: named computations,
// barriers, data-flow edge ops), each checked against jaxlib's sdy-op-priority-propagate by
// tests/passes/shardy/test_fidelity.py.

// Nested named computations: the argument's sharding reaches the inner body and back out.

// CHECK-LABEL: func.func {{(private )?}}@nested_named(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @nested_named(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"outer">(%arg0) (%x: tensor<8x8xf32>) {
    %1 = sdy.named_computation<"inner">(%x) (%y: tensor<8x8xf32>) {
      %2 = stablehlo.negate %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.abs %1 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %4 = stablehlo.exponential %0 : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

// Nested named computations with in/out shardings of their own on different axes.

// CHECK-LABEL: func.func {{(private )?}}@nested_named_with_shardings(
// CHECK-SAME: %arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.named_computation<"outer">(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{?}, {"b", ?}]>] (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = sdy.named_computation<"inner">(%arg1) in_shardings=[<@mesh, [{?}, {"b"}]>] (%arg2: tensor<8x8xf32>) {
// CHECK: %3 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @nested_named_with_shardings(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"outer">(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{?}, {"b", ?}]>] (%x: tensor<8x8xf32>) {
    %1 = sdy.named_computation<"inner">(%x) in_shardings=[<@mesh, [{?}, {"b"}]>] (%y: tensor<8x8xf32>) {
      %2 = stablehlo.negate %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %4 = stablehlo.exponential %0 : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

// Propagation barriers (NONE, FORWARD, BACKWARD; Shardy's verifier refuses BOTH) between a sharded argument and its users.

// CHECK-LABEL: func.func {{(private )?}}@barriers(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x8xf32>, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %1 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.propagation_barrier %arg1 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %5 = stablehlo.cosine %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %6 = sdy.sharding_constraint %2 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %7 = stablehlo.sine %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @barriers(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %1 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8x8xf32>
  %2 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x8xf32>
  %3 = sdy.propagation_barrier %arg1 allowed_direction=BACKWARD : tensor<8x8xf32>
  %4 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %5 = stablehlo.abs %1 : tensor<8x8xf32>
  %6 = stablehlo.cosine %2 : tensor<8x8xf32>
  %7 = sdy.sharding_constraint %3 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %8 = stablehlo.sine %7 : tensor<8x8xf32>
  return %4, %5, %6, %8 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Data-flow edge ops (as Shardy's import writes them: on the loop's results) on a loop, one
// with a sharding of its own: the edge's sharding reaches the carry's operand and body.

// CHECK-LABEL: func.func {{(private )?}}@loop_edges(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %5 = stablehlo.exponential %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %6 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @loop_edges(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %w:3 = stablehlo.while(%it = %arg0, %jt = %arg1, %i = %c0) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %e = stablehlo.exponential %it : tensor<8x8xf32>
    %f = stablehlo.negate %jt : tensor<8x8xf32>
    stablehlo.return %e, %f, %i : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
  }
  %r0 = sdy.data_flow_edge %w#0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
  %r1 = sdy.data_flow_edge %w#1 : tensor<8x8xf32>
  %s0 = stablehlo.abs %r0 : tensor<8x8xf32>
  %s1 = stablehlo.abs %r1 : tensor<8x8xf32>
  return %s0, %s1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// An optimization barrier passes shardings through, both ways.

// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}]>, <@mesh, [{?}, {"b", ?}]>]>} %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK: %2 = sdy.sharding_constraint %0#1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @optimization_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %0#1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}
