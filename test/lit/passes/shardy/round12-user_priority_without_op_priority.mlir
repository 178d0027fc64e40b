// SHARDY: sdy-user-priority-propagate{run-op-priority-propagation=false}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true run-op-priority-propagation=false})' \
// RUN:   | FileCheck %s

// Round 12: sdy-user-priority-propagate{run-op-priority-propagation=false}: user priorities order the sources (and are dropped from the output) with the op-priority stages off.

// CHECK-LABEL: func.func {{(private )?}}@arg_p0_result_p1_same_dim(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @arg_p0_result_p1_same_dim(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p1, {}]>}) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@open_dims_priorities_then_lower(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @open_dims_priorities_then_lower(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}p0]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@op_sharding_priority_over_arg(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @op_sharding_priority_over_arg(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p2, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}p0, {?}]>]>} : tensor<8x8xf32>
  %2 = stablehlo.exponential %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priorities_dot_operands_p0_p2(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priorities_dot_operands_p0_p2(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p2, {"b"}p2]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}p0, {"a"}p0]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_p0_vs_arg_p1(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{"b", ?}, {?}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constraint_p0_vs_arg_p1(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b", ?}p0, {?}]> : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priority_with_replicated_set(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}], replicated={"b"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priority_with_replicated_set(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0, {?}], replicated={"b"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}p1]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priorities_through_reduce(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) {
// CHECK: %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priorities_through_reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {"b"}p1]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}p0]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@same_priority_different_dims(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @same_priority_different_dims(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}p1]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.subtract %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priority_on_while_edge(
// CHECK-SAME: %arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<32x96xf32>
// CHECK: %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a", ?}, {"b", ?}]> : tensor<32x96xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priority_on_while_edge(%arg0: tensor<32x96xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {}]>}) -> tensor<32x96xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<32x96xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = stablehlo.negate %iterArg : tensor<32x96xf32>
    stablehlo.return %3, %iterArg_2 : tensor<32x96xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{?}, {"b", ?}p0]> : tensor<32x96xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<i32>
  return %1 : tensor<32x96xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priorities_on_manual_computation_io(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {"c", ?}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}]>]>} : tensor<16x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priorities_on_manual_computation_io(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {"b"}p1]>}) -> tensor<16x32xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {"c", ?}p0]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    %2 = stablehlo.negate %arg1 : tensor<8x32xf32>
    sdy.return %2 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = stablehlo.abs %0 : tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priority_p0_sub_axes(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<16xf32>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priority_p0_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@priority_chain_three_levels(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @priority_chain_three_levels(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p2, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}p1, {?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}p0]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@attention_heads_reshape(
// CHECK-SAME: %arg0: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}]>}, %arg1: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {?}]>]>} : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {?}, {?}]>]>} : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {?}, {?}]>]>} : tensor<8x16x4x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @attention_heads_reshape(%arg0: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}]>}, %arg1: tensor<64x64xf32>) -> tensor<8x16x4x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
  %1 = stablehlo.reshape %0 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
  %2 = stablehlo.exponential %1 : tensor<8x16x4x16xf32>
  return %2 : tensor<8x16x4x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@heads_merge_back(
// CHECK-SAME: %arg0: tensor<8x16x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}, {}]>}) -> (tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 2, 1, 3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {?}, {?}]>]>} : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [0, 2, 1, 3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"a", ?}, {?}]>]>} : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"a", ?}]>]>} : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @heads_merge_back(%arg0: tensor<8x16x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}, {}]>}) -> tensor<8x16x64xf32> {
  %0 = stablehlo.transpose %arg0, dims = [0, 2, 1, 3] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
  %1 = stablehlo.transpose %0, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
  %2 = stablehlo.reshape %1 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
  return %2 : tensor<8x16x64xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@scan_like_loop_with_dynamic_slice(
// CHECK-SAME: %arg0: tensor<16x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a"}]>}, %arg1: tensor<8x32xf32>) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %c) : tensor<8x32xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>, <@mesh, []>]>}
// CHECK: %1 = stablehlo.dynamic_slice %arg0, %iterArg_2, %c, %c, sizes = [1, 8, 32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}, {"a", ?}]>]>} : (tensor<16x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x32xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<1x8x32xf32>) -> tensor<8x32xf32>
// CHECK: %3 = stablehlo.add %iterArg, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<8x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @scan_like_loop_with_dynamic_slice(%arg0: tensor<16x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a"}]>}, %arg1: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_1 = stablehlo.constant dense<1> : tensor<i32>
  %c_16 = stablehlo.constant dense<16> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg1, %i = %c) : tensor<8x32xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c_16 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.dynamic_slice %arg0, %i, %c, %c, sizes = [1, 8, 32] : (tensor<16x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x32xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x8x32xf32>) -> tensor<8x32xf32>
    %3 = stablehlo.add %iterArg, %2 : tensor<8x32xf32>
    %4 = stablehlo.add %i, %c_1 : tensor<i32>
    stablehlo.return %3, %4 : tensor<8x32xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@mlp_with_constraints(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg2: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
// CHECK: %1 = stablehlo.tanh %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<16x64xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}, {"a", ?}]> : tensor<16x64xf32>
// CHECK: %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
// CHECK: %4 = stablehlo.add %3, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<16x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @mlp_with_constraints(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg2: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
  %1 = stablehlo.tanh %0 : tensor<16x64xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}, {"a", ?}]> : tensor<16x64xf32>
  %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %4 = stablehlo.add %3, %arg0 : tensor<16x32xf32>
  return %4 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@softmax_reduce_broadcast(
// CHECK-SAME: %arg0: tensor<8x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: %1 = stablehlo.broadcast_in_dim %0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<8xf32>) -> tensor<8x128xf32>
// CHECK: %2 = stablehlo.subtract %arg0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<8x128xf32>
// CHECK: %3 = stablehlo.exponential %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<8x128xf32>
// CHECK: %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: %5 = stablehlo.broadcast_in_dim %4, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<8xf32>) -> tensor<8x128xf32>
// CHECK: %6 = stablehlo.divide %3, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<8x128xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @softmax_reduce_broadcast(%arg0: tensor<8x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<8x128xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %2 = stablehlo.subtract %arg0, %1 : tensor<8x128xf32>
  %3 = stablehlo.exponential %2 : tensor<8x128xf32>
  %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %6 = stablehlo.divide %3, %5 : tensor<8x128xf32>
  return %6 : tensor<8x128xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_chain_sub_axes_and_back(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<64xf32>) -> tensor<2x32xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : tensor<2x32xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<2x32xf32>) -> tensor<4x16xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<4x16xf32>
// CHECK: %4 = stablehlo.reshape %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<4x16xf32>) -> tensor<64xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_chain_sub_axes_and_back(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<64xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<2x32xf32>
  %1 = stablehlo.negate %0 : tensor<2x32xf32>
  %2 = stablehlo.reshape %1 : (tensor<2x32xf32>) -> tensor<4x16xf32>
  %3 = stablehlo.abs %2 : tensor<4x16xf32>
  %4 = stablehlo.reshape %3 : (tensor<4x16xf32>) -> tensor<64xf32>
  return %4 : tensor<64xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_ring_in_loop(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x32xf32> {
// CHECK: %1 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x32xf32>) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_ring_in_loop(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x32xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c) : tensor<16x32xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x32xf32>) {
      %2 = "stablehlo.collective_permute"(%arg1) <{source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<4x32xf32>) -> tensor<4x32xf32>
      %3 = stablehlo.add %2, %arg1 : tensor<4x32xf32>
      sdy.return %3 : tensor<4x32xf32>
    } : (tensor<16x32xf32>) -> tensor<16x32xf32>
    stablehlo.return %1, %i : tensor<16x32xf32>, tensor<i32>
  }
  return %0#0 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_with_constraints_and_dots(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> tensor<8x8xf32> {
// CHECK: %1 = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"b", ?}, {"a", ?}]> : tensor<8x8xf32>
// CHECK: %1 = stablehlo.transpose %arg2, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16x8xf32>) -> tensor<8x16xf32>
// CHECK: %2 = stablehlo.slice %1 [0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @case_with_constraints_and_dots(%arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg2: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %1 = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{?}, {"a", ?}]> : tensor<8x8xf32>
    stablehlo.return %2 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %2 = stablehlo.slice %1 [0:8, 0:8] : (tensor<8x16xf32>) -> tensor<8x8xf32>
    stablehlo.return %2 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@groups_and_priorities_in_loop(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %iterArg_0 group_id=0 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @groups_and_priorities_in_loop(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}p0]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%x = %arg0, %y = %arg1, %i = %c) : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %x, %y : tensor<8x8xf32>
    sdy.sharding_group %1 group_id = 0 : tensor<8x8xf32>
    sdy.sharding_group %y group_id = 0 : tensor<8x8xf32>
    stablehlo.return %1, %y, %i : tensor<8x8xf32>, tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@conv_then_reshape(
// CHECK-SAME: %arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"b"}]>}) -> (tensor<8x2048xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16x16x8xf32>) -> tensor<8x2048xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @conv_then_reshape(%arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"b"}]>}) -> tensor<8x2048xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x16x16x8xf32>
  %1 = stablehlo.reshape %0 : (tensor<8x16x16x8xf32>) -> tensor<8x2048xf32>
  return %1 : tensor<8x2048xf32>
}
