// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 12: the manual / named computation cases through sdy-op-priority-propagate.

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_nested_free_axes_pipeline(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
// CHECK: %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%arg2: tensor<4x32xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_nested_free_axes_pipeline(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}, {}]>}) -> tensor<16x32xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%arg2: tensor<4x32xf32>) {
      %2 = stablehlo.negate %arg2 : tensor<4x32xf32>
      sdy.return %2 : tensor<4x32xf32>
    } : (tensor<8x32xf32>) -> tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_body_to_outside(
// CHECK-SAME: %arg0: tensor<16x32xf32>) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {"c", ?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x32xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_body_to_outside(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = stablehlo.abs %0 : tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_two_results_pipeline(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<16x32xf32>) {
// CHECK: %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_two_results_pipeline(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x32xf32>
    %2 = "stablehlo.all_gather"(%arg1) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x32xf32>) -> tensor<16x32xf32>
    sdy.return %1, %2 : tensor<8x32xf32>, tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0, %0#1 : tensor<16x32xf32>, tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_operand_conflicts_in_sharding(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_operand_conflicts_in_sharding(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<16x32xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_in_while_body_pipeline(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> tensor<16x32xf32> {
// CHECK: %1 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_in_while_body_pipeline(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> tensor<16x32xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<16x32xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
      %2 = stablehlo.exponential %arg1 : tensor<8x32xf32>
      sdy.return %2 : tensor<8x32xf32>
    } : (tensor<16x32xf32>) -> tensor<16x32xf32>
    stablehlo.return %1, %iterArg_2 : tensor<16x32xf32>, tensor<i32>
  }
  return %0#0 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_in_out_shardings_pipeline(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) {
// CHECK: %0 = sdy.named_computation<"named">(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {"c"}]>] (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_in_out_shardings_pipeline(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"named">(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {"c"}]>] (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.abs %0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_two_results_one_used(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_two_results_one_used(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0:2 = sdy.named_computation<"two">(%arg0) (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>)
  return %0#1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_unreduced_out(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16xf32> {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_unreduced_out(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}], unreduced={"a"}>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
    sdy.return %1 : tensor<16xf32>
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  %2 = stablehlo.negate %0 : tensor<16xf32>
  return %2 : tensor<16xf32>
}
