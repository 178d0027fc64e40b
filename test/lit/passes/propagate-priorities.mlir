// RUN: meshjit-opt %s -split-input-file --meshjit-propagate | FileCheck %s
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{op-priority=false shardy-compatible=true})' \
// RUN:   | FileCheck %s --check-prefix=NOPRIO
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s --check-prefix=SHARDY

// User priorities: the p0 sharding of %arg1 propagates first and wins the shared dim; %arg0
// keeps its own annotation (only its role as a source was delayed); as Shardy, the priorities
// are spent: none is written back.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @user_priority
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// CHECK: stablehlo.add {{.*}}<@mesh, [{"y", ?}, {?}]>
// CHECK: stablehlo.multiply {{.*}}<@mesh, [{"y", ?}, {?}]>
func.func @user_priority(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {}]>},
                         %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}p0, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// A p1 dim that no stronger sharding reached still propagates, in round 1.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @late_priority
// CHECK: stablehlo.negate {{.*}}<@mesh, [{"y", ?}, {"x", ?}]>
func.func @late_priority(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}p0, {"x"}p1]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Op priority: pass-through ops run to a fixed point first, so %arg1's "y" reaches the add
// (and, backwards, the broadcast's result) before the broadcast forwards %arg0's "x". With
// op-priority=false the broadcast's "x" arrives first and the add is left in conflict.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @op_priority
// CHECK: stablehlo.broadcast_in_dim {{.*}}<@mesh, [{"y", ?}, {?}]>
// CHECK: stablehlo.add {{.*}}<@mesh, [{"y", ?}, {?}]>
// NOPRIO-LABEL: func.func @op_priority
// NOPRIO: stablehlo.broadcast_in_dim {{.*}}<@mesh, [{"x", ?}, {?}]>
// NOPRIO: stablehlo.add %0, %arg1 : tensor<8x16xf32>
func.func @op_priority(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>},
                       %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// Shardy's pass-through stage reaches an op reading a value with another use (%0, read by the
// exponential and the subtract) only after the other pass-through ops: the multiply's "y"
// reaches the subtract before %0's "x" does, so the subtract keeps "y" (as Shardy's
// sdy-propagation-pipeline gives it; once meshjit gave it "x").
sdy.mesh @mesh = <["x"=2, "y"=4]>
// SHARDY-LABEL: func.func @shared_operand
// SHARDY: stablehlo.exponential {{.*}}<@mesh, [{"x", ?}, {?}]>
// SHARDY: stablehlo.subtract {{.*}}<@mesh, [{"y", ?}, {?}]>
func.func @shared_operand(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                          %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.exponential %0 : tensor<8x16xf32>
  %2 = stablehlo.subtract %1, %0 : tensor<8x16xf32>
  %3 = stablehlo.multiply %2, %arg1 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// Shardy's middle op-priority stage propagates pass-through factors only: the dots carry
// %3's rows back to %1 before %arg2 hands its contracting "y" to %1's columns (which would
// take "y" from the rows).
sdy.mesh @mesh = <["x"=4, "y"=2]>
// SHARDY-LABEL: func.func @pass_through_factors_first
// SHARDY: stablehlo.add {{.*}}<@mesh, [{"y", "x", ?}, {?}]>
// SHARDY: stablehlo.dot_general {{.*}}<@mesh, [{"y", "x", ?}, {?}]>
// NOPRIO-LABEL: func.func @pass_through_factors_first
// NOPRIO: stablehlo.add {{.*}}<@mesh, [{?}, {"y", ?}]>
func.func @pass_through_factors_first(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>},
                                      %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>},
                                      %arg2: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<16x32xf32> {
  %0 = stablehlo.tanh %arg0 : tensor<16x32xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16x32xf32>
  %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %4 = stablehlo.add %3, %arg1 : tensor<16x32xf32>
  return %4 : tensor<16x32xf32>
}

// -----

// Shardy's visiting order: ops in program order, and an op whose tensor changed runs next. %2's
// contracting "x", "y" reaches %0 (through the transpose) and then %3's rows before %arg2's
// contracting "x" reaches %3's columns; sweeping in order instead, "x" reached %3's columns
// first and %3's rows got nothing.
sdy.mesh @mesh = <["x"=4, "y"=2]>
// SHARDY-LABEL: func.func @visiting_order
// SHARDY: stablehlo.negate {{.*}}<@mesh, [{"x", "y", ?}, {?}]>
// SHARDY: stablehlo.dot_general %0, %2, {{.*}}<@mesh, [{"x", "y", ?}, {?}]>
// SHARDY: stablehlo.dot_general %3, %arg2, {{.*}}<@mesh, [{"x", "y", ?}, {?}]>
func.func @visiting_order(%arg0: tensor<16x32xf32>,
                          %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>},
                          %arg2: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x32xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x32xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<16x32xf32>) -> tensor<32x16xf32>
  %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0] : (tensor<32x16xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
  %3 = stablehlo.dot_general %0, %2, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %4 = stablehlo.dot_general %3, %arg2, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %4 : tensor<16x32xf32>
}
