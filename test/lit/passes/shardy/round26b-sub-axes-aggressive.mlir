// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 26b: a full factor before a sharded one still takes a size-one axis: Shardy writes a
// dim as its factors' axes in order, so "b" (size one) lands between "a":(2)2 and "a":(1)2;
// meshjit refused to grow a factor whose later factors were sharded (sweep reshape_chain 657).
// CHECK-LABEL: func.func {{(private )?}}@size_one_after_full_factor(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", ?}, {"a":(1)2, ?}]>]>} : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", ?}, {"a":(1)2, ?}]>]>} : tensor<2x2xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", "a":(1)2, ?}]>]>} : (tensor<2x2xf32>) -> tensor<4xf32>
// CHECK: return %2 : tensor<4xf32>
sdy.mesh @mesh = <["a"=4, "b"=1]>
func.func @size_one_after_full_factor(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}) -> tensor<4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.negate %0 : tensor<2x2xf32>
  %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "a":(1)2, ?}]>]>} : (tensor<2x2xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// The same on the operand side: the merged dim of the reshape's operand grows backward.
// CHECK-LABEL: func.func {{(private )?}}@size_one_after_full_factor_backward(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b", "a":(1)2, ?}]>}) -> (tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", ?}, {"a":(1)2, ?}]>]>} : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK: return %0 : tensor<2x2xf32>
sdy.mesh @mesh = <["a"=4, "b"=1]>
func.func @size_one_after_full_factor_backward(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "a":(1)2, ?}]>}) -> (tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}, {}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// An axis split across dims: 32 -> 4x8 with "a"=8 gives "a":(1)4 and "a":(4)2; back to 32 the
// two pieces merge into "a" again.
// CHECK-LABEL: func.func {{(private )?}}@split_then_merge(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, ?}]>]>} : tensor<4x8xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK: return %2 : tensor<32xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @split_then_merge(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.abs %0 : tensor<4x8xf32>
  %2 = stablehlo.reshape %1 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %2 : tensor<32xf32>
}

// -----

// A dim too small for the axis: 8 -> 2x4 with "a"=4; the major dim takes the sub-axis that fits
// ("a":(1)2) and the minor one the rest.
// CHECK-LABEL: func.func {{(private )?}}@dim_too_small(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK: return %0 : tensor<2x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dim_too_small(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A major factor the axis does not divide (3): nothing projects, the result stays open.
// CHECK-LABEL: func.func {{(private )?}}@major_factor_not_divided(
// CHECK-SAME: %arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<3x4xf32> {
// CHECK: %0 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<3x4xf32>
// CHECK: return %0 : tensor<3x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @major_factor_not_divided(%arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<3x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// An axis larger than the major dim: 12 -> 2x6 with "a"=4 takes "a":(1)2 on the major dim and
// "a":(2)2 on the minor one.
// CHECK-LABEL: func.func {{(private )?}}@minor_most_takes_the_rest(
// CHECK-SAME: %arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<12xf32>) -> tensor<2x6xf32>
// CHECK: return %0 : tensor<2x6xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @minor_most_takes_the_rest(%arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// Sub-axes of two axes merging back from two dims into one: [{"a"}, {"b":(1)2}] -> 2*4.
// CHECK-LABEL: func.func {{(private )?}}@merge_two_axes(
// CHECK-SAME: %arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b":(1)2, ?}]>]>} : (tensor<2x4xf32>) -> tensor<8xf32>
// CHECK: return %0 : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @merge_two_axes(%arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2}]>}) -> tensor<8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A size-one axis alone on a dim of a merged reshape: "c" (size one) then "a" fill 1x4 -> 4.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_first(
// CHECK-SAME: %arg0: tensor<1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK: return %0 : tensor<4xf32>
sdy.mesh @mesh = <["a"=4, "c"=1]>
func.func @size_one_axis_first(%arg0: tensor<1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) -> tensor<4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Sub-axes meeting through an elementwise op: one operand "a":(1)2, the other "a"; the longer
// compatible one wins.
// CHECK-LABEL: func.func {{(private )?}}@sub_axis_prefix_of_axis(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
// CHECK: return %0 : tensor<8xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @sub_axis_prefix_of_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Conflicting sub-axes ("a":(1)2 against "a":(2)2): only the common prefix (none) propagates.
// CHECK-LABEL: func.func {{(private )?}}@conflicting_sub_axes(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}]>}) -> tensor<8xf32> {
// CHECK: %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
// CHECK: return %0 : tensor<8xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @conflicting_sub_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}]>}) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
