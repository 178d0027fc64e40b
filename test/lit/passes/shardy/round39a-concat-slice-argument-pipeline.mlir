// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 39a: a concatenate of a slice and a func argument whose propagated sub-axes the export
// cuts (campaign 80516, normal mode), with the neighbouring cases. Shardy keeps the concatenated
// dim's pick when the operands are one value and slices of it (round 40a: more of the rule).

// A slice of the argument and the argument itself: Shardy keeps the concatenated dim's pick
// (campaign 80516), unlike a negate and the argument or a slice and two arguments.
// CHECK-LABEL: func.func {{(private )?}}@concat_of_slice_and_its_argument(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @concat_of_slice_and_its_argument(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// The same with a negate for the slice: Shardy moves the pick to dim 1 (meshjit agrees).
// CHECK-LABEL: func.func {{(private )?}}@concat_of_negate_and_argument(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @concat_of_negate_and_argument(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.negate %arg1 : tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// A slice and two arguments: Shardy moves the pick to dim 1 (meshjit agrees).
// CHECK-LABEL: func.func {{(private )?}}@concat_of_slice_and_two_arguments(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %4 = stablehlo.concatenate %1, %2, %3, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @concat_of_slice_and_two_arguments(%arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %arg2, %v6, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// Two slices of the argument and the argument: Shardy keeps the pick too.
// CHECK-LABEL: func.func {{(private )?}}@concat_of_two_slices_and_their_argument(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @concat_of_two_slices_and_their_argument(%arg1: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %v6, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// A slice of one argument and another argument: Shardy moves the pick (meshjit agrees).
// CHECK-LABEL: func.func {{(private )?}}@concat_of_slice_and_another_argument(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %arg1 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @concat_of_slice_and_another_argument(%arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg2, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}
