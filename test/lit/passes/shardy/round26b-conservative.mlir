// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 26b: conservative propagation splits no axis: 32 -> 4x8 with "a"=8 would need
// "a":(1)4 and "a":(4)2, so nothing crosses the reshape.
// CHECK-LABEL: func.func {{(private )?}}@reshape_no_split(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4x8xf32> {
// CHECK: %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
// CHECK: return %0 : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reshape_no_split(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Whole axes that fit the major dim still cross: "b" (2) then "a" (8) on 32 -> 2x16.
// CHECK-LABEL: func.func {{(private )?}}@reshape_whole_axes(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
// CHECK: return %0 : tensor<2x16xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reshape_whole_axes(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> tensor<2x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// A slice: the sliced dim's factor does not propagate conservatively, the untouched dim's
// "b" does.
// CHECK-LABEL: func.func {{(private )?}}@slice_keeps_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:2, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
// CHECK: return %0 : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice_keeps_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.slice %arg0 [0:2, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// A sub-axis on a factor that does not fill its dim ("a":(1)2 on 8 of 8x8 -> 64): the aggressive
// strategy moves it to the merged dim, the conservative one does not.
// CHECK-LABEL: func.func {{(private )?}}@existing_sub_axis_moves(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> tensor<64xf32> {
// CHECK: %0 = stablehlo.reshape %arg0 : (tensor<8x8xf32>) -> tensor<64xf32>
// CHECK: return %0 : tensor<64xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @existing_sub_axis_moves(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> tensor<64xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x8xf32>) -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A dot whose operands want "a" for two factors: the result takes it for the first (lhs)
// factor, as the aggressive strategy does.
// CHECK-LABEL: func.func {{(private )?}}@dot_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: return %0 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dot_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
