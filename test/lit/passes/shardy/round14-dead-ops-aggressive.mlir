// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): MLIR's greedy driver, which
// Shardy's passes run, erases a loop, branch, named or manual computation nothing uses when no op
// inside has an effect (RecursiveMemoryEffects); one holding a constraint or a group stays.

// CHECK-LABEL: func.func {{(private )?}}@dead_region_ops_erased(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dead_region_ops_erased(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"pure">(%arg0) (%n: tensor<8x8xf32>) {
    %v = stablehlo.negate %n : tensor<8x8xf32>
    sdy.return %v : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1:2 = stablehlo.while(%it = %arg0, %j = %arg1) : tensor<8x8xf32>, tensor<i32>
    cond {
    %c = stablehlo.compare LT, %j, %j : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %v = stablehlo.negate %it : tensor<8x8xf32>
    stablehlo.return %v, %j : tensor<8x8xf32>, tensor<i32>
  }
  %2 = "stablehlo.case"(%arg1) ({
    stablehlo.return %arg0 : tensor<8x8xf32>
  }, {
    %v = stablehlo.abs %arg0 : tensor<8x8xf32>
    stablehlo.return %v : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  %3 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%m: tensor<4x8xf32>) {
    %v = stablehlo.negate %m : tensor<4x8xf32>
    sdy.return %v : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %4 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dead_region_ops_with_effects_kept(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %3 = sdy.sharding_constraint %arg1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: sdy.sharding_group %3 group_id=0 : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dead_region_ops_with_effects_kept(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"constrained">(%arg0) (%n: tensor<8x8xf32>) {
    %v = sdy.sharding_constraint %n <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
    sdy.return %v : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.named_computation<"barrier">(%arg0) (%n: tensor<8x8xf32>) {
    %v = sdy.propagation_barrier %n allowed_direction=NONE : tensor<8x8xf32>
    sdy.return %v : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.named_computation<"grouped">(%arg0) (%n: tensor<8x8xf32>) {
    %v = stablehlo.negate %n : tensor<8x8xf32>
    sdy.sharding_group %v group_id=0 : tensor<8x8xf32>
    sdy.return %v : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// -----

// An op whose only user is a dead op after it still propagates before the greedy driver,
// reaching that user, erases both (the add gives %arg1 its sharding); an op dead from the start
// (the abs) goes before it propagates.
// CHECK-LABEL: func.func {{(private )?}}@op_used_by_later_dead_op_propagates_first(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg2: tensor<8x2xf32>, %arg3: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @op_used_by_later_dead_op_propagates_first(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8xf32>, %arg2: tensor<8x2xf32>, %arg3: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
  %1 = stablehlo.negate %0 : tensor<8xf32>
  %2 = stablehlo.abs %arg0 : tensor<8xf32>
  %3 = stablehlo.add %arg2, %arg3 : tensor<8x2xf32>
  return %2 : tensor<8xf32>
}

// -----

// The add's only user is dead: it goes when the driver reaches the abs, before the constraint
// after them gives %0 its sharding, so %arg1 never takes it.
// CHECK-LABEL: func.func {{(private )?}}@op_erased_before_a_later_source_reaches_it(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @op_erased_before_a_later_source_reaches_it(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  %3 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
