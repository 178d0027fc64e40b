// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// The op-rules-more cases through Shardy's op-priority pass.

// CHECK-LABEL: func.func {{(private )?}}@gather_batched_indices(
// CHECK-SAME: %arg0: tensor<3x4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_batched_indices(%arg0: tensor<3x4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@gather_full_slice_dims(
// CHECK-SAME: %arg0: tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x1xi32>) -> (tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 16, 32>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}, {"c", ?}]>]>} : (tensor<8x16x32xf32>, tensor<4x1xi32>) -> tensor<4x16x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_full_slice_dims(%arg0: tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x1xi32>) -> tensor<4x16x32xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 16, 32>} : (tensor<8x16x32xf32>, tensor<4x1xi32>) -> tensor<4x16x32xf32>
  return %0 : tensor<4x16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@scatter_update_sharded(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<4x1xi32>, tensor<4x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @scatter_update_sharded(%arg0: tensor<8x16xf32>, %arg1: tensor<4x1xi32>, %arg2: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x16xf32>, tensor<4x1xi32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_window_two_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8x8xf32>, tensor<8x8xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_window_two_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32>) -> (tensor<8x8xf32>, tensor<8x8xi32>) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = "stablehlo.reduce_window"(%arg0, %arg1, %cst, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %x: tensor<f32>, %y: tensor<i32>):
    %s = stablehlo.add %a, %x : tensor<f32>
    %t = stablehlo.add %b, %y : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8x8xf32>, tensor<8x8xi32>)
  return %0#0, %0#1 : tensor<8x8xf32>, tensor<8x8xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_window_dilated(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x14xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x14xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_window_dilated(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x14xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, window_dilations = array<i64: 1, 2>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x14xf32>
  return %0 : tensor<8x14xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sort_multiple_dims(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}, tensor<4x8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>, <@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<4x8x16xf32>, tensor<4x8x16xi32>) -> (tensor<4x8x16xf32>, tensor<4x8x16xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sort_multiple_dims(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x8x16xi32>) -> (tensor<4x8x16xf32>, tensor<4x8x16xi32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %e = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %e : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<4x8x16xf32>, tensor<4x8x16xi32>) -> (tensor<4x8x16xf32>, tensor<4x8x16xi32>)
  return %0#0, %0#1 : tensor<4x8x16xf32>, tensor<4x8x16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@fft_complex(
// CHECK-SAME: %arg0: tensor<8x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = FFT, length = [32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x32xcomplex<f32>>) -> tensor<8x32xcomplex<f32>>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @fft_complex(%arg0: tensor<8x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x32xcomplex<f32>> {
  %0 = stablehlo.fft %arg0, type = FFT, length = [32] : (tensor<8x32xcomplex<f32>>) -> tensor<8x32xcomplex<f32>>
  return %0 : tensor<8x32xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@fft_2d(
// CHECK-SAME: %arg0: tensor<4x8x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<4x8x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = IFFT, length = [8, 32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<4x8x32xcomplex<f32>>) -> tensor<4x8x32xcomplex<f32>>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @fft_2d(%arg0: tensor<4x8x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<4x8x32xcomplex<f32>> {
  %0 = stablehlo.fft %arg0, type = IFFT, length = [8, 32] : (tensor<4x8x32xcomplex<f32>>) -> tensor<4x8x32xcomplex<f32>>
  return %0 : tensor<4x8x32xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@cholesky_batched(
// CHECK-SAME: %arg0: tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.cholesky %arg0, lower = true {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : tensor<4x16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @cholesky_batched(%arg0: tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<4x16x16xf32> {
  %0 = stablehlo.cholesky %arg0, lower = true : tensor<4x16x16xf32>
  return %0 : tensor<4x16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@triangular_solve_left(
// CHECK-SAME: %arg0: tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> (tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>} : (tensor<4x16x16xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @triangular_solve_left(%arg0: tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> tensor<4x16x8xf32> {
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x16x16xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@rng_bit_generator_state(
// CHECK-SAME: %arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2xui64>, tensor<8x16xui32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @rng_bit_generator_state(%arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2xui64>, tensor<8x16xui32>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x16xui32>)
  %1 = stablehlo.negate %0#1 : tensor<8x16xui32>
  return %0#0, %0#1 : tensor<2xui64>, tensor<8x16xui32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@convolution_batch_group(
// CHECK-SAME: %arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {?}, {"a", ?}]>}) -> (tensor<4x14x14x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}, {?}, {"a", ?}]>]>} : (tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<4x14x14x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @convolution_batch_group(%arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}, %arg1: tensor<3x3x4x8xf32>) -> tensor<4x14x14x8xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<4x14x14x8xf32>
  return %0 : tensor<4x14x14x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@convolution_backward(
// CHECK-SAME: %arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}, {?}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {?}, {"c", ?}]>}) -> (tensor<8x16x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {"c"}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @convolution_backward(%arg0: tensor<8x16x16x4xf32>, %arg1: tensor<3x3x4x8xf32>) -> (tensor<8x16x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {"c"}]>}) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x16x16x8xf32>
  return %0 : tensor<8x16x16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_general_two_contracting(
// CHECK-SAME: %arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}, {?}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x4x16xf32>, tensor<4x16x32xf32>) -> tensor<8x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_general_two_contracting(%arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x16x32xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [0, 1] : (tensor<8x4x16xf32>, tensor<4x16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_general_batch_not_leading(
// CHECK-SAME: %arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<16x4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b", ?}, {?}]>}) -> (tensor<4x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [1], contracting_dims = [2] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {?}]>]>} : (tensor<8x4x16xf32>, tensor<16x4x32xf32>) -> tensor<4x8x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_general_batch_not_leading(%arg0: tensor<8x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<16x4x32xf32>) -> tensor<4x8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [1], contracting_dims = [2] x [0] : (tensor<8x4x16xf32>, tensor<16x4x32xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_update_slice_update_sharded(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<i32>) -> (tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<32x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_update_slice_update_sharded(%arg0: tensor<32x8xf32>, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<i32>) -> tensor<32x8xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 : (tensor<32x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<32x8xf32>
  return %0 : tensor<32x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pad_interior_and_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<17x20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.pad %arg0, %cst, low = [1, 2], high = [1, 2], interior = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<17x20xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @pad_interior_and_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<17x20xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %arg0, %cst, low = [1, 2], high = [1, 2], interior = [1, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<17x20xf32>
  return %0 : tensor<17x20xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concatenate_three(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concatenate_three(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reverse_two_dims(
// CHECK-SAME: %arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.reverse %arg0, dims = [0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : tensor<8x16x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reverse_two_dims(%arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<8x16x4xf32> {
  %0 = stablehlo.reverse %arg0, dims = [0, 2] : tensor<8x16x4xf32>
  return %0 : tensor<8x16x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@iota_used_by_compare(
// CHECK-SAME: %arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
// CHECK: %1 = stablehlo.compare EQ, %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @iota_used_by_compare(%arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xi1> {
  %0 = stablehlo.iota dim = 0 : tensor<8x16xi32>
  %1 = stablehlo.compare EQ, %0, %arg0 : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
  return %1 : tensor<8x16xi1>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_with_rule_reduction(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_reduce(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}, custom>} : (tensor<8x16xf32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_with_rule_reduction(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @my_reduce(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}, custom>} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_blocked(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} blocked_propagation={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_blocked(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} blocked_propagation={j}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_permutation(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={i}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_permutation(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={i}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_compound_factor(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_reshape(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=4, j=8}, custom>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_compound_factor(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.custom_call @my_reshape(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=4, j=8}, custom>} : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_to_all_stablehlo(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_to_all_stablehlo(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = "stablehlo.all_to_all"(%arg0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@select_and_scatter_padded(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x8xf32>, tensor<f32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @select_and_scatter_padded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x16xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %cst) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<8x16xf32>, tensor<8x8xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_expand_and_permute(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"a", ?}]>]>} : (tensor<8x16xf32>) -> tensor<16x4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @broadcast_expand_and_permute(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x4x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 0] : (tensor<8x16xf32>) -> tensor<16x4x8xf32>
  return %0 : tensor<16x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_unsliced_dim(
// CHECK-SAME: %arg0: tensor<32x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<i32>) -> (tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, %arg1, sizes = [4, 8, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}, {?}]>]>} : (tensor<32x8x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_slice_unsliced_dim(%arg0: tensor<32x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<i32>) -> tensor<4x8x2xf32> {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, %arg1, sizes = [4, 8, 2] : (tensor<32x8x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x2xf32>
  return %0 : tensor<4x8x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_variadic_argmax(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>, <@mesh, [{"a", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_variadic_argmax(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8xf32>, tensor<8xi32>) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [1] : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%x: tensor<i32>, %y: tensor<i32>) {
      %m = stablehlo.maximum %a, %b : tensor<f32>
      %n = stablehlo.maximum %x, %y : tensor<i32>
      stablehlo.return %m, %n : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@real_and_imag(
// CHECK-SAME: %arg0: tensor<8x16xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.real %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.imag %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
// CHECK: %2 = stablehlo.atan2 %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @real_and_imag(%arg0: tensor<8x16xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.real %arg0 : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
  %1 = stablehlo.imag %arg0 : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
  %2 = stablehlo.atan2 %0, %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_scalar_to_1d(
// CHECK-SAME: %arg0: tensor<f32>, %arg1: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<f32>) -> tensor<1xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<1xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reshape_scalar_to_1d(%arg0: tensor<f32>, %arg1: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<f32>) -> tensor<1xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<1xf32>
  return %1 : tensor<1xf32>
}
