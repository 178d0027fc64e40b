// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 29a: nested manual computations, free axes, unreduced results, manual computations in loops (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
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
