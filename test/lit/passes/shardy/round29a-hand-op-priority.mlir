// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 29a: hand cases of session 35 (op-priority pass): inputs that already hold Shardy's data-flow edges on some values of an op or call only, edges without a sharding next to an owner with one; nested manual computations, free axes, unreduced results, manual computations in loops; named computations with and without in/out shardings
// (each checked against jaxlib's Shardy by tests/passes/shardy/test_fidelity.py).
// A while loop whose results already carry Shardy's data-flow edges, one with a sharding.
// CHECK-LABEL: func.func {{(private )?}}@while_with_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %4 = stablehlo.add %iterArg, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @while_with_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x16xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %x, %arg1 : tensor<8x16xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x16xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
  %4 = sdy.data_flow_edge %0#1 : tensor<i32>
  %5 = stablehlo.negate %3 : tensor<8x16xf32>
  return %5 : tensor<8x16xf32>
}

// -----

// An optimization barrier with data-flow edges on both results.
// CHECK-LABEL: func.func {{(private )?}}@barrier_with_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_with_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<8x16xf32>
  %3 = stablehlo.abs %1 : tensor<8x16xf32>
  %4 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3, %4 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A case with data-flow edges on its results, the branches sharded differently.
// CHECK-LABEL: func.func {{(private )?}}@case_with_edges(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %3 = stablehlo.exponential %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.add %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @case_with_edges(%arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %a = stablehlo.negate %arg1 : tensor<8x16xf32>
    stablehlo.return %a : tensor<8x16xf32>
  }, {
    %b = stablehlo.exponential %arg2 : tensor<8x16xf32>
    stablehlo.return %b : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %2 = stablehlo.add %1, %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A named computation with a data-flow edge on its result only: the body's return ties to the result, the operand does not reach the body argument (Shardy's import gives each body argument an edge of its own; meshjit tied both sides once either had one).
// CHECK-LABEL: func.func {{(private )?}}@named_with_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_with_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = sdy.named_computation<"n">(%arg0) (%x: tensor<8x16xf32>) {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %3 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A named computation with data-flow edges on its body argument and its result: both sides tie.
// CHECK-LABEL: func.func {{(private )?}}@named_with_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}]>}) {
// CHECK: %3 = sdy.data_flow_edge %arg1 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %4 = stablehlo.negate %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_with_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = sdy.named_computation<"n">(%arg0) (%x: tensor<8x16xf32>) {
    %e = sdy.data_flow_edge %x : tensor<8x16xf32>
    %1 = stablehlo.negate %e : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %3 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A named computation with a data-flow edge on its body argument only: the operand reaches the body, the func result's axis stops at the result (not written back).
// CHECK-LABEL: func.func {{(private )?}}@named_arg_edge_only(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %2 = sdy.data_flow_edge %arg1 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_arg_edge_only(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = sdy.named_computation<"n">(%arg0) (%x: tensor<8x16xf32>) {
    %e = sdy.data_flow_edge %x : tensor<8x16xf32>
    %1 = stablehlo.negate %e : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = stablehlo.abs %0 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A named computation of two operands, only the second body argument with an edge.
// CHECK-LABEL: func.func {{(private )?}}@named_one_of_two_arg_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %2 = sdy.data_flow_edge %arg3 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.add %arg2, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_one_of_two_arg_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.named_computation<"two">(%arg0, %arg1) (%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) {
    %e = sdy.data_flow_edge %y : tensor<8x16xf32>
    %1 = stablehlo.add %x, %e : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A named computation of two results, only the first with an edge.
// CHECK-LABEL: func.func {{(private )?}}@named_one_of_two_result_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x16xf32>) {
// CHECK: %3 = sdy.data_flow_edge %arg1 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %4 = stablehlo.negate %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %5 = stablehlo.abs %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_one_of_two_result_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0:2 = sdy.named_computation<"pair">(%arg0) (%x: tensor<8x16xf32>) {
    %e = sdy.data_flow_edge %x : tensor<8x16xf32>
    %1 = stablehlo.negate %e : tensor<8x16xf32>
    %2 = stablehlo.abs %e : tensor<8x16xf32>
    sdy.return %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  %3 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %4 = stablehlo.exponential %0#1 : tensor<8x16xf32>
  return %3, %4 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A named computation with in and out shardings and an edge on its result only.
// CHECK-LABEL: func.func {{(private )?}}@named_shardings_result_edge(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{?}, {"b", ?}]>] (%arg1: tensor<8x16xf32>) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_shardings_result_edge(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{?}, {"b", ?}]>] (%x: tensor<8x16xf32>) {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %3 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// An optimization barrier whose own sharding says "b" while its data-flow edge says nothing: Shardy reads the edge's (open), the operand's "a" flows through (meshjit kept the barrier's).
// CHECK-LABEL: func.func {{(private )?}}@barrier_owner_sharding(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} %arg0 : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_owner_sharding(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} %arg0 : tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// As above for a while loop's result and its edge.
// CHECK-LABEL: func.func {{(private )?}}@while_owner_sharding(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @while_owner_sharding(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x16xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %4 = sdy.data_flow_edge %0#1 : tensor<i32>
  return %3 : tensor<8x16xf32>
}

// -----

// As above for a named computation's closed out_sharding (meshjit kept it closed on the edge).
// CHECK-LABEL: func.func {{(private )?}}@named_out_sharding_closed(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%arg1: tensor<8x16xf32>) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_out_sharding_closed(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%x: tensor<8x16xf32>) {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8x16xf32>
  %3 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A loop's data-flow edge carrying a sharding with a priority.
// CHECK-LABEL: func.func {{(private )?}}@edge_with_priority(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}p2, {?}]>}) {
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @edge_with_priority(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}p2, {?}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x16xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x16xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{?}, {"b", ?}p0]> : tensor<8x16xf32>
  %4 = sdy.data_flow_edge %0#1 : tensor<i32>
  return %3 : tensor<8x16xf32>
}

// -----

// A manual computation's result edge with a sharding, no edge on its body argument: the edge's axis reaches the in_sharding through the body, not the operand (meshjit tied the operand too).
// CHECK-LABEL: func.func {{(private )?}}@manual_result_edge_sharded(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<4x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a"}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_result_edge_sharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %1 = stablehlo.negate %x : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a"}, {"b", ?}]> : tensor<8x16xf32>
  %3 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A propagation barrier that lets nothing through.
// CHECK-LABEL: func.func {{(private )?}}@barrier_none(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_none(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A case's data-flow edge carrying a closed sharding that disagrees with both branches.
// CHECK-LABEL: func.func {{(private )?}}@case_edge_closed(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{}, {"b"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @case_edge_closed(%arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %a = stablehlo.negate %arg1 : tensor<8x16xf32>
    stablehlo.return %a : tensor<8x16xf32>
  }, {
    %b = stablehlo.abs %arg1 : tensor<8x16xf32>
    stablehlo.return %b : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{}, {"b"}]> : tensor<8x16xf32>
  %2 = stablehlo.exponential %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A barrier with two results, only one with an edge: the other is tied to nothing (meshjit tied both once one had an edge).
// CHECK-LABEL: func.func {{(private )?}}@barrier_one_edge(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x16xf32>) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_one_edge(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  %3 = stablehlo.abs %0#1 : tensor<8x16xf32>
  return %2, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A while with an edge on one of two tensor results: the other result, its operand and its body values are not tied.
// CHECK-LABEL: func.func {{(private )?}}@while_one_edge(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x16xf32>) {
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @while_one_edge(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:3 = stablehlo.while(%x = %arg0, %y = %arg1, %i = %c) : tensor<8x16xf32>, tensor<8x16xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<8x16xf32>
    %2 = stablehlo.negate %y : tensor<8x16xf32>
    %3 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2, %3 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<i32>
  }
  %4 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %5 = stablehlo.abs %4 : tensor<8x16xf32>
  %6 = stablehlo.abs %0#1 : tensor<8x16xf32>
  return %5, %6 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A callee argument with a func data-flow edge, its call result without one: the operand reaches the callee, the callee's result reaches neither the call nor its own func result (meshjit tied every argument and result once one had an edge).
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK: %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x96xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x96xf32>) -> tensor<32x96xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee(%arg0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<32x96xf32>
  %1 = stablehlo.abs %0 : tensor<32x96xf32>
  return %1 : tensor<32x96xf32>
}
func.func @main(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = call @callee(%arg0) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %2 = stablehlo.negate %0 : tensor<32x96xf32>
  return %2 : tensor<32x96xf32>
}

// -----

// A call result with a func data-flow edge, the callee's argument without one: only the result side is tied.
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<32x96xf32> {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %1 = sdy.func_data_flow_edge %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee(%arg0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %1 = stablehlo.abs %arg0 : tensor<32x96xf32>
  return %1 : tensor<32x96xf32>
}
func.func @main(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = call @callee(%arg0) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %1 = sdy.func_data_flow_edge %0 : tensor<32x96xf32>
  %2 = stablehlo.negate %1 : tensor<32x96xf32>
  return %2 : tensor<32x96xf32>
}

// -----

// Two callee arguments, one with a func data-flow edge: the other operand's axis stays out.
// CHECK-LABEL: func.func {{(private )?}}@callee2(
// CHECK-SAME: %arg0: tensor<32x96xf32>, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<32x96xf32> {
// CHECK: %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x96xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %1 = sdy.func_data_flow_edge %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee2(%arg0: tensor<32x96xf32>, %arg1: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<32x96xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<32x96xf32>
  return %1 : tensor<32x96xf32>
}
func.func @main(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<32x96xf32> {
  %0 = call @callee2(%arg0, %arg1) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %1 = sdy.func_data_flow_edge %0 : tensor<32x96xf32>
  return %1 : tensor<32x96xf32>
}

// -----

// A callee of two results, a func data-flow edge on the second call result only.
// CHECK-LABEL: func.func {{(private )?}}@pair(
// CHECK: %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %2 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %0:2 = call @pair(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{?}, {?}]>]>} : (tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>)
// CHECK: %1 = sdy.func_data_flow_edge %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @pair(%arg0: tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>) {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<32x96xf32>
  %1 = stablehlo.abs %0 : tensor<32x96xf32>
  %2 = stablehlo.negate %0 : tensor<32x96xf32>
  return %1, %2 : tensor<32x96xf32>, tensor<32x96xf32>
}
func.func @main(%arg0: tensor<32x96xf32>) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0:2 = call @pair(%arg0) : (tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>)
  %1 = sdy.func_data_flow_edge %0#1 : tensor<32x96xf32>
  return %0#0, %1 : tensor<32x96xf32>, tensor<32x96xf32>
}

// -----

// A callee called twice, both calls with func data-flow edges on their results, the argument without one.
// CHECK-LABEL: func.func {{(private )?}}@twice(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<32x96xf32> {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<32x96xf32>) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %1 = sdy.func_data_flow_edge %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %3 = sdy.func_data_flow_edge %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %4 = stablehlo.add %1, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @twice(%arg0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %0 = stablehlo.abs %arg0 : tensor<32x96xf32>
  return %0 : tensor<32x96xf32>
}
func.func @main(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<32x96xf32>) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = call @twice(%arg0) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %1 = sdy.func_data_flow_edge %0 : tensor<32x96xf32>
  %2 = call @twice(%arg1) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %3 = sdy.func_data_flow_edge %2 : tensor<32x96xf32>
  %4 = stablehlo.add %1, %3 : tensor<32x96xf32>
  return %4 : tensor<32x96xf32>
}

// -----

// Nested manual computations: the outer over "a", the inner over "b"; the free axis "c" propagates from inside out.
// CHECK-LABEL: func.func {{(private )?}}@nested_manual_free_axis(
// CHECK-SAME: %arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
// CHECK: %2 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b", ?}, {"c", ?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%arg2: tensor<2x8xf32>) {
// CHECK: %3 = sdy.sharding_constraint %arg2 <@mesh, [{?}, {"c"}]> : tensor<2x8xf32>
// CHECK: %4 = stablehlo.negate %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<2x8xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_manual_free_axis(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%x: tensor<4x8xf32>) {
    %1 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%y: tensor<2x8xf32>) {
      %2 = sdy.sharding_constraint %y <@mesh, [{?}, {"c"}]> : tensor<2x8xf32>
      %3 = stablehlo.negate %2 : tensor<2x8xf32>
      sdy.return %3 : tensor<2x8xf32>
    } : (tensor<4x8xf32>) -> tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %4 = stablehlo.exponential %0 : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

// A manual computation whose out_sharding leaves a free axis open: a later op's axis enters the body backwards.
// CHECK-LABEL: func.func {{(private )?}}@free_axis_enters_backwards(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @free_axis_enters_backwards(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %1 = stablehlo.exponential %x : tensor<4x16xf32>
    %2 = stablehlo.negate %1 : tensor<4x16xf32>
    sdy.return %2 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = stablehlo.abs %0 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A manual computation with two operands, one replicated over the manual axis, and a dot inside.
// CHECK-LABEL: func.func {{(private )?}}@manual_dot_replicated_operand(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg2: tensor<4x16xf32>, %arg3: tensor<16x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_dot_replicated_operand(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) {
    %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A manual computation over both axes of a two-dim mesh, nothing free: the body stays unsharded.
// CHECK-LABEL: func.func {{(private )?}}@fully_manual(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%arg1: tensor<4x4xf32>) {
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @fully_manual(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%x: tensor<4x4xf32>) {
    %1 = stablehlo.negate %x : tensor<4x4xf32>
    sdy.return %1 : tensor<4x4xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.exponential %0 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A manual computation inside a while body, the loop value carried through it.
// CHECK-LABEL: func.func {{(private )?}}@manual_in_while(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
// CHECK: %1 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_in_while(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x16xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%y: tensor<4x16xf32>) {
      %2 = stablehlo.negate %y : tensor<4x16xf32>
      sdy.return %2 : tensor<4x16xf32>
    } : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %3 : tensor<8x16xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x16xf32>
}

// -----

// A manual computation whose result is unreduced over the manual axis (a psum left to the caller).
// CHECK-LABEL: func.func {{(private )?}}@manual_unreduced_result(
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}, {}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_unreduced_result(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}, {}], unreduced={"a"}>] manual_axes={"a"} (%x: tensor<8x8xf32>) {
    %1 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.negate %0 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// Two manual computations in sequence over different axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_then_manual(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{?}, {"b"}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] manual_axes={"b"} (%arg1: tensor<8x4xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_then_manual(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %1 = stablehlo.negate %x : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{?}, {"b"}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] manual_axes={"b"} (%y: tensor<8x4xf32>) {
    %3 = stablehlo.exponential %y : tensor<8x4xf32>
    sdy.return %3 : tensor<8x4xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A manual computation reading one value twice, with different in_shardings.
// CHECK-LABEL: func.func {{(private )?}}@manual_reads_value_twice(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0, %arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>, <@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>, %arg2: tensor<4x16xf32>) {
// CHECK: %1 = stablehlo.add %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_reads_value_twice(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0, %arg0) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>, %y: tensor<4x16xf32>) {
    %1 = stablehlo.add %x, %y : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A named computation with in and out shardings between two ops: the in_sharding flows back to the operand's producer, the out_sharding forward.
// CHECK-LABEL: func.func {{(private )?}}@named_between_ops(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %1 = sdy.named_computation<"foo">(%0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] (%arg1: tensor<8x16xf32>) {
// CHECK: %3 = stablehlo.exponential %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_between_ops(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.named_computation<"foo">(%0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] (%x: tensor<8x16xf32>) {
    %2 = stablehlo.exponential %x : tensor<8x16xf32>
    sdy.return %2 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = stablehlo.abs %1 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A named computation without shardings whose body holds a constraint.
// CHECK-LABEL: func.func {{(private )?}}@named_with_inner_constraint(
// CHECK: %2 = sdy.sharding_constraint %arg1 <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.exponential %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_with_inner_constraint(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %1 = sdy.named_computation<"bar">(%arg0) (%x: tensor<8x16xf32>) {
    %2 = sdy.sharding_constraint %x <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
    %3 = stablehlo.exponential %2 : tensor<8x16xf32>
    sdy.return %3 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %4 = stablehlo.add %1, %arg0 : tensor<8x16xf32>
  return %4 : tensor<8x16xf32>
}

// -----

// Two named computations in a row, the second's out_sharding closed on both dims.
// CHECK-LABEL: func.func {{(private )?}}@named_in_a_row(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %1 = sdy.named_computation<"second">(%0) out_shardings=[<@mesh, [{}, {"b"}]>] (%arg1: tensor<8x16xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_in_a_row(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %1 = sdy.named_computation<"first">(%arg0) (%x: tensor<8x16xf32>) {
    %2 = stablehlo.negate %x : tensor<8x16xf32>
    sdy.return %2 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = sdy.named_computation<"second">(%1) out_shardings=[<@mesh, [{}, {"b"}]>] (%y: tensor<8x16xf32>) {
    %4 = stablehlo.exponential %y : tensor<8x16xf32>
    sdy.return %4 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A named computation with two results, one returned, one reduced.
// CHECK-LABEL: func.func {{(private )?}}@named_two_results(
// CHECK-SAME: %arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_two_results(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8xf32>) {
  %0:2 = sdy.named_computation<"pair">(%arg0, %arg1) (%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) {
    %1 = stablehlo.add %x, %y : tensor<8x16xf32>
    %2 = stablehlo.multiply %x, %y : tensor<8x16xf32>
    sdy.return %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>
  } : (tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce(%0#1 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0#0, %3 : tensor<8x16xf32>, tensor<8xf32>
}

// -----

// A named computation inside a manual computation's body, on the free axis.
// CHECK-LABEL: func.func {{(private )?}}@named_in_manual(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %1 = sdy.named_computation<"inner">(%arg1) in_shardings=[<@mesh, [{}, {"b"}]>] (%arg2: tensor<4x16xf32>) {
// CHECK: %2 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_in_manual(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x16xf32>) {
    %1 = sdy.named_computation<"inner">(%x) in_shardings=[<@mesh, [{}, {"b"}]>] (%y: tensor<4x16xf32>) {
      %2 = stablehlo.negate %y : tensor<4x16xf32>
      sdy.return %2 : tensor<4x16xf32>
    } : (tensor<4x16xf32>) -> tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A named computation's result read by a propagation barrier that lets shardings flow forward only.
// CHECK-LABEL: func.func {{(private )?}}@named_then_barrier(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.named_computation<"n">(%arg0) out_shardings=[<@mesh, [{"a", ?}, {?}]>] (%arg1: tensor<8x16xf32>) {
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @named_then_barrier(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %1 = sdy.named_computation<"n">(%arg0) out_shardings=[<@mesh, [{"a", ?}, {?}]>] (%x: tensor<8x16xf32>) {
    %2 = stablehlo.negate %x : tensor<8x16xf32>
    sdy.return %2 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = sdy.propagation_barrier %1 allowed_direction=FORWARD : tensor<8x16xf32>
  %4 = stablehlo.exponential %3 : tensor<8x16xf32>
  return %4 : tensor<8x16xf32>
}
