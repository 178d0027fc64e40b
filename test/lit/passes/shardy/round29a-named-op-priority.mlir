// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 29a: named computations with and without in/out shardings (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
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
