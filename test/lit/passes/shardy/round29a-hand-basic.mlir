// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 29a: hand cases of session 35 (basic pass): inputs that already hold Shardy's data-flow edges on some values of an op or call only, edges without a sharding next to an owner with one; sub-axes from reshapes, non-divisible and size-one axes, replicated and unreduced sub-axes; tokens beside tensors
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

// A reshape splitting one dim sharded on "a"=8 into 2x4 dims: "a":(1)2 on the first, "a":(2)4 on the second.
// CHECK-LABEL: func.func {{(private )?}}@reshape_splits_axis(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}, {?}]>]>} : (tensor<16x4xf32>) -> tensor<2x8x4xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}, {?}]>]>} : tensor<2x8x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reshape_splits_axis(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<2x8x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16x4xf32>) -> tensor<2x8x4xf32>
  %1 = stablehlo.negate %0 : tensor<2x8x4xf32>
  return %1 : tensor<2x8x4xf32>
}

// -----

// A reshape merging two dims sharded by sub-axes of one axis back into one dim.
// CHECK-LABEL: func.func {{(private )?}}@reshape_merges_sub_axes(
// CHECK-SAME: %arg0: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<2x8x4xf32>) -> tensor<16x4xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reshape_merges_sub_axes(%arg0: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}, {}]>}) -> tensor<16x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8x4xf32>) -> tensor<16x4xf32>
  %1 = stablehlo.abs %0 : tensor<16x4xf32>
  return %1 : tensor<16x4xf32>
}

// -----

// A dim too small for the whole axis: the reshape's major factor takes the sub-axis that fits and the minor one the rest.
// CHECK-LABEL: func.func {{(private )?}}@small_major_dim(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {"a":(4)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, "b", ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @small_major_dim(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A minor-most factor that does not divide: the axis goes whole to the minor dim.
// CHECK-LABEL: func.func {{(private )?}}@minor_factor_non_divisible(
// CHECK-SAME: %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : tensor<2x3xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @minor_factor_non_divisible(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x3xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.negate %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// Sub-axes from a reshape and from a func argument meeting at an add.
// CHECK-LABEL: func.func {{(private )?}}@sub_axes_meet(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4, ?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @sub_axes_meet(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {?}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// A size-one axis in a user sharding next to a reshape.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "one"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "one", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "one", ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "one"=1, "b"=2]>
func.func @size_one_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "one"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// A replicated sub-axis bars only its piece of the axis: the value takes "a":(2)4 (meshjit barred the whole axis).
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(2)4, ?}], replicated={"a":(1)2}>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a":(2)4, ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @replicated_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(1)2}>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.multiply %0, %arg1 : tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// A transpose then a reshape merging the transposed dims, sharded on two axes.
// CHECK-LABEL: func.func {{(private )?}}@transpose_then_merge(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @transpose_then_merge(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<8x4xf32>) -> tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// A replicated sub-axis on a dot operand: the other pieces of the axis still shard it.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_dot(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {?}], replicated={"a":(4)2}>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @replicated_sub_axis_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(4)2}>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A replicated minor sub-axis: the major piece the value can take.
// CHECK-LABEL: func.func {{(private )?}}@replicated_minor_sub_axis(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}], replicated={"a":(2)4}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : tensor<16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @replicated_minor_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}], replicated={"a":(2)4}>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  %1 = stablehlo.negate %0 : tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// A replicated sub-axis on a constraint in the middle of a chain.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {"b", ?}], replicated={"a":(1)2}> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @replicated_sub_axis_constraint(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {?}], replicated={"a":(1)2}> : tensor<8x8xf32>
  %2 = stablehlo.exponential %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// A replicated sub-axis on a group member: the group takes the member's whole sharding.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_group(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}], replicated={"a":(2)2}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @replicated_sub_axis_group(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(2)2}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// A replicated sub-axis on a while operand.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(1)2}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %1 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @replicated_sub_axis_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(1)2}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x8xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<8x8xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// A replicated sub-axis on a reshape's operand: the merged dim takes the free pieces.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_reshape(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}], replicated={"a":(2)2}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<2x8xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @replicated_sub_axis_reshape(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(2)2}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// An unreduced sub-axis on a dot result.
// CHECK-LABEL: func.func {{(private )?}}@unreduced_sub_axis(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}], unreduced={"a":(1)2}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @unreduced_sub_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}], unreduced={"a":(1)2}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A token carried by a loop next to a sharded tensor: the bare passes (no data-flow edges) gave the token's region argument no slot and crashed; Shardy shards the tensor and leaves the token.
// CHECK-LABEL: func.func {{(private )?}}@token_through_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %i = %c) : tensor<8x8xf32>, !stablehlo.token, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %iterArg : tensor<8x8xf32>
    %2 = stablehlo.after_all %iterArg_0 : !stablehlo.token
    %3 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2, %3 : tensor<8x8xf32>, !stablehlo.token, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// A token first among a loop's values, the sharding coming from the func result.
// CHECK-LABEL: func.func {{(private )?}}@token_first_in_while(
// CHECK-SAME: %arg0: !stablehlo.token, %arg1: tensor<8x8xf32>) -> (!stablehlo.token, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %arg1, %iterArg_2 = %c) : !stablehlo.token, tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"b", ?}, {?}]>, <@mesh, []>]>}
// CHECK: %1 = stablehlo.exponential %iterArg_1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_first_in_while(%arg0: !stablehlo.token, %arg1: tensor<8x8xf32>) -> (!stablehlo.token, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%t = %arg0, %x = %arg1, %i = %c) : !stablehlo.token, tensor<8x8xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.exponential %x : tensor<8x8xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %t, %1, %2 : !stablehlo.token, tensor<8x8xf32>, tensor<i32>
  }
  return %0#0, %0#1 : !stablehlo.token, tensor<8x8xf32>
}

// -----

// A token returned by both branches of a case beside a tensor one branch shards.
// CHECK-LABEL: func.func {{(private )?}}@token_through_case(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
// CHECK: %2 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_case(%arg0: tensor<i32>, %arg1: tensor<8x8xf32>, %arg2: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = "stablehlo.case"(%arg0) ({
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
    stablehlo.return %1, %arg2 : tensor<8x8xf32>, !stablehlo.token
  }, {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = stablehlo.after_all %arg2 : !stablehlo.token
    stablehlo.return %1, %2 : tensor<8x8xf32>, !stablehlo.token
  }) : (tensor<i32>) -> (tensor<8x8xf32>, !stablehlo.token)
  %3 = stablehlo.add %0#0, %0#0 : tensor<8x8xf32>
  return %3, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// An optimization barrier over a tensor and a token.
// CHECK-LABEL: func.func {{(private )?}}@token_through_barrier(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, !stablehlo.token
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// A token through a manual computation beside a tensor.
// CHECK-LABEL: func.func {{(private )?}}@token_through_manual(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: !stablehlo.token) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, !stablehlo.token) {
// CHECK: %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>, <@mesh, []>] manual_axes={"a"} (%arg2: tensor<4x8xf32>, %arg3: !stablehlo.token) {
// CHECK: %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a", ?}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_manual(%arg0: tensor<8x8xf32>, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, []>] manual_axes={"a"} (%x: tensor<4x8xf32>, %t: !stablehlo.token) {
    %1 = stablehlo.negate %x : tensor<4x8xf32>
    sdy.return %1, %t : tensor<4x8xf32>, !stablehlo.token
  } : (tensor<8x8xf32>, !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
  %2 = sdy.sharding_constraint %0#0 <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
  return %2, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// A token passed to a callee and returned, with a tensor.
// CHECK-LABEL: func.func {{(private )?}}@callee_with_token(
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @callee_with_token(%arg0: tensor<8x8xf32>, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.after_all %arg1 : !stablehlo.token
  return %0, %1 : tensor<8x8xf32>, !stablehlo.token
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = call @callee_with_token(%arg0, %arg1) : (tensor<8x8xf32>, !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
  %1 = stablehlo.add %0#0, %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, !stablehlo.token
}
