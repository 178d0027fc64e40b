// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 19a: in Shardy's aggressive strategy a result that cannot take a factor's axes (a
// closed dim, or the axis used by another of its factors) keeps the op's other tensors from
// taking them only on an elementwise op; any other op's tensors each take what they can.
// meshjit cut every op's decisions to what its results took (campaign seeds 21052, 50015,
// 50238).

// CHECK-LABEL: func.func {{(private )?}}@dot_closed_result(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) -> tensor<16x4xf32> {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : (tensor<16x8xf32>, tensor<16x8x4xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=2, "c"=2]>
func.func @dot_closed_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8x4xf32>) -> tensor<16x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : (tensor<16x8xf32>, tensor<16x8x4xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

// The result's other factor holds "a": the batching factor (from the larger source) still
// reaches the other operand.

// CHECK-LABEL: func.func {{(private )?}}@dot_axis_held_by_another_factor(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a"}]>]>} : (tensor<16x8xf32>, tensor<16x8x4xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=2, "c"=2]>
func.func @dot_axis_held_by_another_factor(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8x4xf32>) -> tensor<16x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a"}]>]>} : (tensor<16x8xf32>, tensor<16x8x4xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concatenate_closed_result(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> tensor<32x8xf32> {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {}]>]>} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<32x8xf32>
sdy.mesh @mesh = <["a"=2, "c"=2]>
func.func @concatenate_closed_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a"}]>}, %arg1: tensor<16x8xf32>) -> tensor<32x8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {}]>]>} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<32x8xf32>
  return %0 : tensor<32x8xf32>
}

// -----

// An elementwise op: the closed result keeps the other operand unsharded.

// CHECK-LABEL: func.func {{(private )?}}@add_closed_result(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "c"=2]>
func.func @add_closed_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@select_closed_result(
// CHECK-SAME: %arg0: tensor<16x8xi1>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg2: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : tensor<16x8xi1>, tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "c"=2]>
func.func @select_closed_result(%p: tensor<16x8xi1>, %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.select %p, %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : tensor<16x8xi1>, tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// The closed tensor is an operand: the others take the axis.

// CHECK-LABEL: func.func {{(private )?}}@clamp_closed_operand(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "c"=2]>
func.func @clamp_closed_operand(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<16x8xf32>, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg2 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
