// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 22b: Shardy's first op-priority stages propagate a dynamic slice or update forward
// only while its sliced operands have no other use (its start indices do not count), as they
// do an elementwise op: an update reading a shared value waits, and a dead user erased by then
// takes it away (campaign 23120, 23197, 23030).

// CHECK-LABEL: func.func {{(private )?}}@update_reading_a_shared_value_waits(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<16x4xf32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : tensor<16x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=8]>
func.func @update_reading_a_shared_value_waits(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<16x4xf32>) -> (tensor<16x8xf32>) {
  %0 = stablehlo.exponential %arg0 : tensor<16x8xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.dynamic_update_slice %0, %arg1, %c, %c : (tensor<16x8xf32>, tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  %2 = stablehlo.maximum %0, %1 : tensor<16x8xf32>
  %3 = stablehlo.negate %0 : tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}
// -----

// CHECK-LABEL: func.func {{(private )?}}@update_of_a_single_use_value_goes_first(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<16x8xf32>) -> tensor<16x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=8]>
func.func @update_of_a_single_use_value_goes_first(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<16x4xf32>, %arg2: tensor<16x8xf32>) -> (tensor<16x8xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %c, %c : (tensor<16x8xf32>, tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  %1 = stablehlo.negate %0 : tensor<16x8xf32>
  %2 = stablehlo.negate %arg2 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}
// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_indices_shared_goes_first(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<16x1xf32> {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %c, %c, sizes = [16, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @slice_indices_shared_goes_first(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<16x1xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %c, %c, sizes = [16, 1] : (tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x1xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16x1xf32>
  return %1 : tensor<16x1xf32>
}
// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_of_a_shared_value_waits(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %c, %c, sizes = [16, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x1xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<16x1xf32>
// CHECK: %2 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @slice_of_a_shared_value_waits(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<16x1xf32>, tensor<16x4xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %c, %c, sizes = [16, 1] : (tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x1xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16x1xf32>
  %2 = stablehlo.negate %arg0 : tensor<16x4xf32>
  return %1, %2 : tensor<16x1xf32>, tensor<16x4xf32>
}

// -----

// A constraint reading a value another (dying) user also reads runs when that user goes (the
// driver visits it again when its own dead user is erased), before the slice defining the
// value, whose operand has another use, propagates forward (campaign 23075).

// CHECK-LABEL: func.func {{(private )?}}@constraint_revisited_when_its_user_dies(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %c, %c, sizes = [16, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{?}, {"b", ?}]>]>} : (tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x1xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh1, [{}, {"b"}]> : tensor<16x1xf32>
// CHECK: %2 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["b"=2, "c"=4]>
sdy.mesh @mesh1 = <["a"=2, "b"=4]>
func.func @constraint_revisited_when_its_user_dies(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x4xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %c, %c, sizes = [16, 1] : (tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x1xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<16x1xf32>
  %2 = sdy.sharding_constraint %0 <@mesh1, [{}, {"b"}]> : tensor<16x1xf32>
  %3 = stablehlo.multiply %2, %1 : tensor<16x1xf32>
  %4 = stablehlo.negate %arg0 : tensor<16x4xf32>
  return %4 : tensor<16x4xf32>
}
