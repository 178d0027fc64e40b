// SHARDY: sdy-basic-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 25b: conservative propagation takes no new sub-axis, but a tensor holding a sub-axis
// may take its rest where the two join into the whole axis: the result's "a":(1)2 becomes
// "a" (as %arg0 holds it), and "a" then reaches %arg1 (meshjit's basic strategy refused the
// rest "a":(2)2 as a sub-axis; sweep dynamic_update_slice 19203).
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_completed(
// CHECK-SAME: %arg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg2: tensor<i32>) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @sub_axis_completed(%arg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}, %arg2: tensor<i32>) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : (tensor<3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// The same through an elementwise op, on a dim the axis divides.
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_completed_elementwise(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_completed_elementwise(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}]>]>} : tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
