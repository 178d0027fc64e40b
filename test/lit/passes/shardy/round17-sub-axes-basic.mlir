// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 17 (random MLIR campaign): a reshape's dim made of several factors hands its axes to
// them major to minor; a size-one axis right after a factor filled up stays with that factor
// (Shardy's projection), where meshjit moved it on to the next one (extended campaign seed
// 20027, every propagation pass; the first and third cases differed, the others already agreed).

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_stays_with_its_factor(
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "d", ?}, {?}]>]>}
sdy.mesh @mesh = <["a"=2, "c"=4, "d"=1]>
func.func @size_one_axis_stays_with_its_factor(%arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "d"}]>}) -> tensor<4x3xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<12xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_before_a_unit_dim(
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"d", "c", ?}]>]>}
sdy.mesh @mesh = <["a"=2, "c"=4, "d"=1]>
func.func @size_one_axis_before_a_unit_dim(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", "c"}]>}) -> tensor<1x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_after_a_filled_factor(
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "d", ?}, {"c", ?}]>]>}
sdy.mesh @mesh = <["a"=2, "c"=4, "d"=1]>
func.func @size_one_axis_after_a_filled_factor(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d", "c"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_merging(
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "d", "c", ?}]>]>}
sdy.mesh @mesh = <["a"=2, "c"=4, "d"=1]>
func.func @size_one_axis_merging(%arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d"}, {"c"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
