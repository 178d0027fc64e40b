// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 6: more op rules: several contracting dims, batch dims not leading, dilated and NCHW convolutions, padded windows, gathers and scatters with unusual dims, strided slices, reverse, permuted broadcasts, iotas, scalar select/clamp operands, full reductions, triangular_solve, cholesky, top-k, sorts, negative padding, dynamic slices, loop conditions (aggressive).

// CHECK-LABEL: func.func {{(private )?}}@dot_two_contracting_dims(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}, {?}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<4x8x16xf32>, tensor<8x16x4xf32>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_two_contracting_dims(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<8x16x4xf32>) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [0, 1] : (tensor<4x8x16xf32>, tensor<8x16x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_batch_not_leading(
// CHECK-SAME: %arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [1], contracting_dims = [2] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>]>} : (tensor<8x4x16xf32>, tensor<16x4x8xf32>) -> tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_batch_not_leading(%arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [1], contracting_dims = [2] x [0] : (tensor<8x4x16xf32>, tensor<16x4x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@convolution_dilated(
// CHECK-SAME: %arg0: tensor<2x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"c"}]>}) -> (tensor<2x12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}, {"c", ?}]>]>} : (tensor<2x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x12x12x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @convolution_dilated(%arg0: tensor<2x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"c"}]>}) -> tensor<2x12x12x8xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x12x12x8xf32>
  return %0 : tensor<2x12x12x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@convolution_nchw(
// CHECK-SAME: %arg0: tensor<2x4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {}]>}, %arg1: tensor<8x4x3x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}, {}]>}) -> (tensor<2x8x14x14xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}, {"b", ?}, {?}]>]>} : (tensor<2x4x16x16xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x14x14xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @convolution_nchw(%arg0: tensor<2x4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {}]>}, %arg1: tensor<8x4x3x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}, {}]>}) -> tensor<2x8x14x14xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x16x16xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x14x14xf32>
  return %0 : tensor<2x8x14x14xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_window_padded_dilated(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_window_padded_dilated(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@gather_index_vector_dim_first(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<1x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b", ?}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"b", ?}]>]>} : (tensor<16x8xf32>, tensor<1x4xi32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_index_vector_dim_first(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<1x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> tensor<4x8xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>} : (tensor<16x8xf32>, tensor<1x4xi32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@gather_partial_slice(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x2xi32>) -> tensor<4x2x4xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_partial_slice(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x2xi32>) -> tensor<4x2x4xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 4>} : (tensor<16x8xf32>, tensor<4x2xi32>) -> tensor<4x2x4xf32>
  return %0 : tensor<4x2x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@scatter_batched(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}, %arg1: tensor<4x5x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}, {?}]>}, %arg2: tensor<4x5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {}]>}) -> (tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"b", ?}]>]>} : (tensor<4x16x8xf32>, tensor<4x5x1xi32>, tensor<4x5x8xf32>) -> tensor<4x16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @scatter_batched(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}, %arg1: tensor<4x5x1xi32>, %arg2: tensor<4x5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {}]>}) -> tensor<4x16x8xf32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, indices_are_sorted = false, unique_indices = false} : (tensor<4x16x8xf32>, tensor<4x5x1xi32>, tensor<4x5x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_strided(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:16:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @slice_strided(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.slice %arg0 [0:8, 0:16:2] : (tensor<8x16xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reverse_both_dims(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.reverse %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reverse_both_dims(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_permuted_dims(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"a", ?}]>]>} : (tensor<8x16xf32>) -> tensor<16x4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @broadcast_permuted_dims(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x4x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 0] : (tensor<8x16xf32>) -> tensor<16x4x8xf32>
  return %0 : tensor<16x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@iota_2d_with_users(
// CHECK-SAME: %arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
// CHECK: %1 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
// CHECK: %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
// CHECK: %3 = stablehlo.multiply %2, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @iota_2d_with_users(%arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<8x16xi32>
  %1 = stablehlo.iota dim = 1 : tensor<8x16xi32>
  %2 = stablehlo.add %0, %1 : tensor<8x16xi32>
  %3 = stablehlo.multiply %2, %arg0 : tensor<8x16xi32>
  return %3 : tensor<8x16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@select_scalar_pred_clamp_scalars(
// CHECK-SAME: %arg0: tensor<i1>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<i1>, tensor<8x16xf32>
// CHECK: %1 = stablehlo.clamp %cst, %0, %cst_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<f32>, tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @select_scalar_pred_clamp_scalars(%p: tensor<i1>, %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.select %p, %arg0, %arg1 : tensor<i1>, tensor<8x16xf32>
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %hi = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.clamp %lo, %0, %hi : (tensor<f32>, tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_all_dims(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<f32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_all_dims(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<f32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@triangular_solve_batched(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>} : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @triangular_solve_batched(%arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> tensor<4x8x16xf32> {
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false} : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@cholesky_batched(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.cholesky %arg0, lower = true {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @cholesky_batched(%arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.cholesky %arg0, lower = true : tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@topk_custom_call(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @mhlo.topk(%arg0) {mhlo.attributes = {k = 4 : i64, largest = true}, mhlo.version = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @topk_custom_call(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32>, tensor<8x4xi32>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%arg0) {mhlo.attributes = {k = 4 : i64, largest = true}, mhlo.version = 1 : i64} : (tensor<8x16xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sort_three_dims_middle(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sort_three_dims_middle(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<4x8x16xf32> {
  %0 = "stablehlo.sort"(%arg0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) {dimension = 1 : i64, is_stable = false} : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pad_negative_low(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x14xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.pad %arg0, %cst, low = [0, -2], high = [0, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x14xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @pad_negative_low(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x14xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [0, -2], high = [0, 0], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x14xf32>
  return %0 : tensor<8x14xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_both_dims(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<8x4xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_slice_both_dims(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8x4xf32> {
  %0 = stablehlo.dynamic_slice %arg0, %i, %j, sizes = [8, 4] : (tensor<32x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_cond_uses_sharded_value(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_cond_uses_sharded_value(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.while(%x = %arg0) : tensor<8x16xf32>
    cond {
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %1 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.compare LT, %1, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %3 = stablehlo.negate %x : tensor<8x16xf32>
    stablehlo.return %3 : tensor<8x16xf32>
  }
  return %0 : tensor<8x16xf32>
}
