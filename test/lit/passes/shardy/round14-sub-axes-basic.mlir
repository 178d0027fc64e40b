// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): under the basic strategy, an
// axis another factor of the tensor partly holds is cut to its major sub-axis that other part
// leaves free ("a"=8 next to "a":(2)4 is "a":(1)2), as the aggressive strategy does; meshjit
// dropped the whole axis.

// CHECK-LABEL: func.func {{(private )?}}@axis_cut_to_free_sub_axis(
// CHECK-SAME: %arg0: tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}, {}]>}) -> (tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {?}, {"a":(2)4, ?}]>}) {
// CHECK: %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b", "a":(1)2, ?}, {?}, {"a":(2)4, ?}]> : tensor<16x4x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {?}, {"a":(2)4, ?}]>]>} : tensor<16x4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @axis_cut_to_free_sub_axis(%arg0: tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}, {}]>}) -> tensor<16x4x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{?}, {?}, {"a":(2)4, ?}]> : tensor<16x4x8xf32>
  %1 = stablehlo.abs %0 : tensor<16x4x8xf32>
  return %1 : tensor<16x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@axis_cut_to_free_sub_axis_through_op(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {"a":(4)2}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {?}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @axis_cut_to_free_sub_axis_through_op(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(4)2}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
