// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep, dynamic_update_slice seed 5017): Shardy's first op-priority
// stages run dynamic_slice and dynamic_update_slice forward only (their operands the sources,
// every tensor a target) with the elementwise ops; meshjit ran them only in the later stages.

// The slice's forward sharding ("a") reaches %1 before the add's "b" from %arg1.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_forward_first(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg2: tensor<i32>) -> tensor<8x4xf32> {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [8, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dynamic_slice_forward_first(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %i: tensor<i32>) -> (tensor<8x4xf32>) {
  %0 = stablehlo.dynamic_slice %arg0, %i, %i, sizes = [8, 4] : (tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  %1 = stablehlo.negate %0 : tensor<8x4xf32>
  %2 = stablehlo.add %arg1, %1 : tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_update_slice_forward_first(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg3: tensor<i32>) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg3, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x8xf32>, tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dynamic_update_slice_forward_first(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %u: tensor<8x4xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %i: tensor<i32>) -> (tensor<8x8xf32>) {
  %0 = stablehlo.dynamic_update_slice %arg0, %u, %i, %i : (tensor<8x8xf32>, tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  %2 = stablehlo.add %arg1, %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// Forward first: the update's "b" (factor k) reaches %arg0 before the result's "b" (factor i).
// CHECK-LABEL: func.func {{(private )?}}@update_before_result(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2]>
func.func @update_before_result(%arg0: tensor<4x8xf32>, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<4x8xf32>) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A plain slice is no such op: the add's "b" comes first.
// CHECK-LABEL: func.func {{(private )?}}@slice_not_first(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<8x8xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x4xf32>
// CHECK: %2 = stablehlo.add %arg1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @slice_not_first(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x4xf32>) {
  %0 = stablehlo.slice %arg0 [0:8, 0:4] : (tensor<8x8xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.negate %0 : tensor<8x4xf32>
  %2 = stablehlo.add %arg1, %1 : tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// Forward only, the result's own axes still bound the update's: its "c" for k conflicts with
// %arg1's "b", so %arg0 takes nothing (dynamic_update_slice 5017 with the result sharded).
// CHECK-LABEL: func.func {{(private )?}}@result_bounds_forward(
// CHECK-SAME: %arg0: tensor<4x8xf32>, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c", ?}]>]>} : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2]>
func.func @result_bounds_forward(%arg0: tensor<4x8xf32>, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c", ?}]>]>} : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
