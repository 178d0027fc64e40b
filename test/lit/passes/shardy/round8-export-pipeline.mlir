// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 8: dots whose result conflicts with their operands through sdy-propagation-pipeline: Shardy's export computes some of them as the operands say and reshards the result (a result dim holding exactly a contracted dim's axes, no larger than its operand); the rest it leaves alone. dot_in_branch_feeding_manual is what random structured programs at seeds 9 and 909 hit.

// CHECK-LABEL: func.func {{(private )?}}@dot_result_rows_on_contracting_axis(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {}]> : tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_rows_on_contracting_axis(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_lhs_rows_unsharded(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_lhs_rows_unsharded(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_larger_than_lhs(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_larger_than_lhs(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
  return %1 : tensor<16x64xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_as_large_as_lhs(
// CHECK-SAME: %arg0: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>]>} : (tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<64x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {}]> : tensor<64x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_as_large_as_lhs(%x: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<64x32xf32>
  return %1 : tensor<64x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_operands_repeat_an_axis(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_operands_repeat_an_axis(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_smaller_axis_contracted(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"model"}, {}]> : tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_smaller_axis_contracted(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_cols_on_contracting_axis(
// CHECK-SAME: %arg0: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %arg1: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>} : (tensor<32x32xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"data"}]> : tensor<32x16xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_cols_on_contracting_axis(%x: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %w: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
  return %1 : tensor<32x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_cols_larger_than_rhs(
// CHECK-SAME: %arg0: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %arg1: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"data"}]>]>} : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_cols_larger_than_rhs(%x: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %w: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  return %1 : tensor<64x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_rows_two_axes(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data", "model"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_rows_two_axes(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_rows_extend_lhs(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", "data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_rows_extend_lhs(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_cols_hold_lhs_axis(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_cols_hold_lhs_axis(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_small_result(
// CHECK-SAME: %arg0: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>]>} : (tensor<16x64xf32>, tensor<64x8xf32>) -> tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_small_result(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x8xf32>) -> tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_axis_not_contracted(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"c"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_axis_not_contracted(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"c"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_cols_agree(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"c"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {"c"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {"c"}]> : tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_cols_agree(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"c"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"c"}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_contracting_two_axes_result_one(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data", "c"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "c"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_contracting_two_axes_result_one(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data", "c"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "c"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_two_axes_contracting_one(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "c"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data", "c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_result_two_axes_contracting_one(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "c"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_lhs_rows_two_axes(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "c"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", "c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {}]> : tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_lhs_rows_two_axes(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "c"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_rows_and_cols_both_conflict(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"c"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_rows_and_cols_both_conflict(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"c"}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_contracting_mismatch(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_contracting_mismatch(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_batched_result_rows_on_contracting_axis(
// CHECK-SAME: %arg0: tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"model"}, {"data"}]>}, %arg1: tensor<2x32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"data"}, {}]>}) -> (tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"model"}, {}]>]>} : (tensor<2x16x32xf32>, tensor<2x32x32xf32>) -> tensor<2x16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"c"}, {"data"}, {}]> : tensor<2x16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2, "c"=2]>
func.func @dot_batched_result_rows_on_contracting_axis(%x: tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"model"}, {"data"}]>}, %w: tensor<2x32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"data"}, {}]>}) -> (tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x16x32xf32>, tensor<2x32x32xf32>) -> tensor<2x16x32xf32>
  return %1 : tensor<2x16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_in_branch_feeding_manual(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg2: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %3 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : tensor<16x32xf32>
// CHECK: %3 = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"data"}, {}]> : tensor<16x32xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<i32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {}]> : tensor<16x32xf32>
// CHECK: %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%arg3: tensor<4x32xf32>) {
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_in_branch_feeding_manual(%p: tensor<i32>, %x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> tensor<16x32xf32> {
  %0 = "stablehlo.case"(%p) ({
    %1 = stablehlo.add %x, %x : tensor<16x32xf32>
    stablehlo.return %1 : tensor<16x32xf32>
  }, {
    %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    stablehlo.return %1 : tensor<16x32xf32>
  }) : (tensor<i32>) -> tensor<16x32xf32>
  %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%a: tensor<4x32xf32>) {
    %3 = stablehlo.exponential %a : tensor<4x32xf32>
    sdy.return %3 : tensor<4x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %2 : tensor<16x32xf32>
}
