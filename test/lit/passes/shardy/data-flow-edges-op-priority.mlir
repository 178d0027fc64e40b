// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// The data-flow-edges-more cases through Shardy's op-priority pass.

// CHECK-LABEL: func.func {{(private )?}}@while_func_operand(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %4 = stablehlo.add %iterArg, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<32x96xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 : tensor<i32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_func_operand(%arg0: tensor<32x96xf32>, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32x96xf32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.constant dense<32> : tensor<i32>
  %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %0) : tensor<32x96xf32>, tensor<i32>
    cond {
    %4 = stablehlo.compare LT, %iterArg_2, %1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  } do {
    %4 = stablehlo.constant dense<1> : tensor<i32>
    %5 = stablehlo.add %iterArg_2, %4 : tensor<i32>
    %6 = stablehlo.add %iterArg, %arg1 : tensor<32x96xf32>
    stablehlo.return %6, %5 : tensor<32x96xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %2#0 : tensor<32x96xf32>
  %7 = sdy.data_flow_edge %2#1 : tensor<i32>
  return %3 : tensor<32x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_no_sharding(
// CHECK-SAME: %arg0: tensor<32x96xf32>) -> tensor<32x96xf32> {
// CHECK: %1 = sdy.data_flow_edge %0#0 : tensor<32x96xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 : tensor<i32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_no_sharding(%arg0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %0) : tensor<32x96xf32>, tensor<i32>
    cond {
    %4 = stablehlo.compare LT, %iterArg_2, %0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  } do {
    %6 = stablehlo.add %iterArg, %iterArg : tensor<32x96xf32>
    stablehlo.return %6, %iterArg_2 : tensor<32x96xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %2#0 : tensor<32x96xf32>
  %7 = sdy.data_flow_edge %2#1 : tensor<i32>
  return %3 : tensor<32x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_edge_closed_sharding(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) {
// CHECK: %4 = stablehlo.exponential %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{}, {"c"}]> : tensor<32x96xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 : tensor<i32>
// CHECK: %3 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_edge_closed_sharding(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32x96xf32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %0) : tensor<32x96xf32>, tensor<i32>
    cond {
    %4 = stablehlo.compare LT, %iterArg_2, %0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  } do {
    %6 = stablehlo.exponential %iterArg : tensor<32x96xf32>
    stablehlo.return %6, %iterArg_2 : tensor<32x96xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %2#0 sharding=<@mesh, [{}, {"c"}]> : tensor<32x96xf32>
  %7 = sdy.data_flow_edge %2#1 : tensor<i32>
  %8 = stablehlo.negate %3 : tensor<32x96xf32>
  return %8 : tensor<32x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_body_result_conflict(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %3 = stablehlo.multiply %iterArg, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"b", ?}, {"a", ?}]> : tensor<32x96xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 : tensor<i32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_body_result_conflict(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %0) : tensor<32x96xf32>, tensor<i32>
    cond {
    %4 = stablehlo.compare LT, %iterArg_2, %0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  } do {
    %6 = stablehlo.multiply %iterArg, %arg1 : tensor<32x96xf32>
    stablehlo.return %6, %iterArg_2 : tensor<32x96xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %2#0 : tensor<32x96xf32>
  %7 = sdy.data_flow_edge %2#1 : tensor<i32>
  return %3 : tensor<32x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_single_result_func_result_single_use(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", "b", ?}, {?}]> : tensor<8x2xi64>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_single_result_func_result_single_use(%arg0: tensor<i32>, %arg1: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x2xi64> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<8x2xi64>
  }, {
    stablehlo.return %arg2 : tensor<8x2xi64>
  }) : (tensor<i32>) -> tensor<8x2xi64>
  %1 = sdy.data_flow_edge %0 : tensor<8x2xi64>
  return %1 : tensor<8x2xi64>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_multiple_results_different_sharding(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %3 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x2xi64>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x2xi64>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x2xi64>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_multiple_results_different_sharding(%arg0: tensor<i32>, %arg1: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x2xi64>, tensor<8x2xi64>) {
  %0:2 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1, %arg2 : tensor<8x2xi64>, tensor<8x2xi64>
  }, {
    %2 = stablehlo.negate %arg1 : tensor<8x2xi64>
    stablehlo.return %arg2, %2 : tensor<8x2xi64>, tensor<8x2xi64>
  }) : (tensor<i32>) -> (tensor<8x2xi64>, tensor<8x2xi64>)
  %3 = sdy.data_flow_edge %0#0 : tensor<8x2xi64>
  %4 = sdy.data_flow_edge %0#1 : tensor<8x2xi64>
  return %3, %4 : tensor<8x2xi64>, tensor<8x2xi64>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_token_result_skipped(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: !stablehlo.token, %arg2: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (!stablehlo.token, tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %2 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x2xi64>
// CHECK: %1 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x2xi64>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_token_result_skipped(%arg0: tensor<i32>, %arg1: !stablehlo.token, %arg2: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (!stablehlo.token, tensor<8x2xi64>) {
  %0:2 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1, %arg2 : !stablehlo.token, tensor<8x2xi64>
  }, {
    %2 = stablehlo.negate %arg2 : tensor<8x2xi64>
    stablehlo.return %arg1, %2 : !stablehlo.token, tensor<8x2xi64>
  }) : (tensor<i32>) -> (!stablehlo.token, tensor<8x2xi64>)
  %4 = sdy.data_flow_edge %0#1 : tensor<8x2xi64>
  return %0#0, %4 : !stablehlo.token, tensor<8x2xi64>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_propagate_from_result_to_branches(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}]>}, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
// CHECK: %2 = stablehlo.cosine %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : tensor<8x4xf32>
// CHECK: %2 = stablehlo.sine %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : tensor<8x4xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"c", ?}, {"a", ?}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_propagate_from_result_to_branches(%arg0: tensor<i32>, %arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
  %0 = "stablehlo.case"(%arg0) ({
    %2 = stablehlo.cosine %arg1 : tensor<8x4xf32>
    stablehlo.return %2 : tensor<8x4xf32>
  }, {
    %2 = stablehlo.sine %arg2 : tensor<8x4xf32>
    stablehlo.return %2 : tensor<8x4xf32>
  }) : (tensor<i32>) -> tensor<8x4xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier_multiple_results(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x16xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"c"}, {?}]> : tensor<8x16xf32>
// CHECK: %3 = sdy.data_flow_edge %0#2 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @optimization_barrier_multiple_results(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0:3 = stablehlo.optimization_barrier %arg0, %arg1, %arg2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"c"}, {?}]> : tensor<8x16xf32>
  %3 = sdy.data_flow_edge %0#2 : tensor<8x16xf32>
  %4 = stablehlo.add %1, %2 : tensor<8x16xf32>
  return %4, %3 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_multiple_inputs_outputs(
// CHECK-SAME: %arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0:2 = sdy.named_computation<"foo">(%arg0, %arg1) (%arg2: tensor<8x2xi32>, %arg3: tensor<4xi32>) {
// CHECK: %3 = sdy.data_flow_edge %arg2 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x2xi32>
// CHECK: %4 = sdy.data_flow_edge %arg3 sharding=<@mesh, [{"b", ?}]> : tensor<4xi32>
// CHECK: %5 = stablehlo.multiply %3, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x2xi32>
// CHECK: %6 = stablehlo.abs %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : tensor<4xi32>
// CHECK: sdy.return %5, %6 : tensor<8x2xi32>, tensor<4xi32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<8x2xi32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"b", ?}]> : tensor<4xi32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_multiple_inputs_outputs(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<4xi32>) -> (tensor<8x2xi32>, tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0:2 = sdy.named_computation<"foo">(%arg0, %arg1) (%arg2: tensor<8x2xi32>, %arg3: tensor<4xi32>) {
    %e0 = sdy.data_flow_edge %arg2 : tensor<8x2xi32>
    %e1 = sdy.data_flow_edge %arg3 : tensor<4xi32>
    %1 = stablehlo.multiply %e0, %e0 : tensor<8x2xi32>
    %2 = stablehlo.abs %e1 : tensor<4xi32>
    sdy.return %1, %2 : tensor<8x2xi32>, tensor<4xi32>
  } : (tensor<8x2xi32>, tensor<4xi32>) -> (tensor<8x2xi32>, tensor<4xi32>)
  %3 = sdy.data_flow_edge %0#0 : tensor<8x2xi32>
  %4 = sdy.data_flow_edge %0#1 : tensor<4xi32>
  return %3, %4 : tensor<8x2xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_with_shardings(
// CHECK-SAME: %arg0: tensor<8x2xi32>) -> (tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] (%arg1: tensor<8x2xi32>) {
// CHECK: %2 = stablehlo.multiply %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x2xi32>
// CHECK: sdy.return %2 : tensor<8x2xi32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x2xi32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_with_shardings(%arg0: tensor<8x2xi32>) -> tensor<8x2xi32> {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] (%arg1: tensor<8x2xi32>) {
    %1 = stablehlo.multiply %arg1, %arg1 : tensor<8x2xi32>
    sdy.return %1 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  %2 = stablehlo.negate %0 : tensor<8x2xi32>
  return %2 : tensor<8x2xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_no_edges(
// CHECK-SAME: %arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x2xi32> {
// CHECK: %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x2xi32>) {
// CHECK: sdy.return %2 : tensor<8x2xi32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_no_edges(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x2xi32> {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x2xi32>) {
    %1 = stablehlo.multiply %arg1, %arg1 : tensor<8x2xi32>
    sdy.return %1 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  %2 = stablehlo.negate %0 : tensor<8x2xi32>
  return %2 : tensor<8x2xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_in_case(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %5 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x8xf32>
// CHECK: %3 = sdy.data_flow_edge %2#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<16x8xf32>
// CHECK: %4 = sdy.data_flow_edge %2#1 : tensor<i32>
// CHECK: %2 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_in_case(%arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %c = stablehlo.constant dense<0> : tensor<i32>
    %w:2 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %c) : tensor<16x8xf32>, tensor<i32>
      cond {
      %4 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %6 = stablehlo.negate %iterArg : tensor<16x8xf32>
      stablehlo.return %6, %iterArg_2 : tensor<16x8xf32>, tensor<i32>
    }
    %e = sdy.data_flow_edge %w#0 : tensor<16x8xf32>
    %e2 = sdy.data_flow_edge %w#1 : tensor<i32>
    stablehlo.return %e : tensor<16x8xf32>
  }, {
    %2 = stablehlo.abs %arg1 : tensor<16x8xf32>
    stablehlo.return %2 : tensor<16x8xf32>
  }) : (tensor<i32>) -> tensor<16x8xf32>
  %1 = sdy.data_flow_edge %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_sub_axis_carry(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<4x8x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {?}]> : tensor<32x96xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 : tensor<i32>
// CHECK: %3 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {?}]>]>} : (tensor<32x96xf32>) -> tensor<4x8x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_sub_axis_carry(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<4x8x96xf32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %0) : tensor<32x96xf32>, tensor<i32>
    cond {
    %4 = stablehlo.compare LT, %iterArg_2, %0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  } do {
    %6 = stablehlo.negate %iterArg : tensor<32x96xf32>
    stablehlo.return %6, %iterArg_2 : tensor<32x96xf32>, tensor<i32>
  }
  %3 = sdy.data_flow_edge %2#0 : tensor<32x96xf32>
  %7 = sdy.data_flow_edge %2#1 : tensor<i32>
  %8 = stablehlo.reshape %3 : (tensor<32x96xf32>) -> tensor<4x8x96xf32>
  return %8 : tensor<4x8x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@edge_sharding_with_priority(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @edge_sharding_with_priority(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.optimization_barrier %arg0 : tensor<8x16xf32>
  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{?}, {"b", ?}]> : tensor<8x16xf32>
  %2 = stablehlo.negate %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@edge_result_used_by_dot(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>}) {
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<8x16xf32>
// CHECK: %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"b", ?}, {"c", ?}]> : tensor<16x32xf32>
// CHECK: %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}]>]>} : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @edge_result_used_by_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> tensor<8x32xf32> {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x16xf32>, tensor<16x32xf32>
  %1 = sdy.data_flow_edge %0#0 : tensor<8x16xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<16x32xf32>
  %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %3 : tensor<8x32xf32>
}
