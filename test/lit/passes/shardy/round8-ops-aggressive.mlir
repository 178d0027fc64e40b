// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 8: the sharding rules of StableHLO op families (after Shardy's op_sharding_rule and aggressive propagation tests): gather/scatter with batching dims, multi-input scatter/reduce_window/reduce, reduce_window with strides and padding, select_and_scatter, multi-operand sort, fft kinds, cholesky, triangular_solve, dynamic (update) slices, pad, concatenate, reverse, iota, rng_bit_generator, collectives, custom calls with sdy.sharding_rule (reduction, need_replication, permutation, custom, compound factors), bitcast_convert, convolution, dot_general.

// CHECK-LABEL: func.func {{(private )?}}@gather_batching_dims(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}, {}]>}) -> (tensor<4x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}, {?}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 16>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}, {?}]>]>} : (tensor<4x8x16xf32>, tensor<4x6x1xi32>) -> tensor<4x6x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_batching_dims(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}, {}]>}) -> tensor<4x6x16xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 16>} : (tensor<4x8x16xf32>, tensor<4x6x1xi32>) -> tensor<4x6x16xf32>
  return %0 : tensor<4x6x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@gather_batching_dims_from_result(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {"c", ?}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}, {?}]>}) -> (tensor<4x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {"c"}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 16>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>]>} : (tensor<4x8x16xf32>, tensor<4x6x1xi32>) -> tensor<4x6x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_batching_dims_from_result(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x6x1xi32>) -> (tensor<4x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {"c"}]>}) {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 16>} : (tensor<4x8x16xf32>, tensor<4x6x1xi32>) -> tensor<4x6x16xf32>
  return %0 : tensor<4x6x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@scatter_batching_dims(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"c"}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}, %arg2: tensor<4x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>} : (tensor<4x8x16xf32>, tensor<4x6x1xi32>, tensor<4x6x16xf32>) -> tensor<4x8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @scatter_batching_dims(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"c"}]>}, %arg1: tensor<4x6x1xi32>, %arg2: tensor<4x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {}]>}) -> tensor<4x8x16xf32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false} : (tensor<4x8x16xf32>, tensor<4x6x1xi32>, tensor<4x6x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@scatter_two_inputs(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<4x1xi32>, %arg3: tensor<4x16xf32>, %arg4: tensor<4x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @scatter_two_inputs(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<4x1xi32>, %arg3: tensor<4x16xf32>, %arg4: tensor<4x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0:2 = "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<f32>, %y1: tensor<f32>):
    %1 = stablehlo.add %x0, %y0 : tensor<f32>
    %2 = stablehlo.add %x1, %y1 : tensor<f32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<f32>
  }) {indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false} : (tensor<8x16xf32>, tensor<8x16xf32>, tensor<4x1xi32>, tensor<4x16xf32>, tensor<4x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  return %0#0, %0#1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_window_strided(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", "c", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", "c", ?}]>]>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<8x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_window_strided(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) -> tensor<8x32xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_window_padded_backward(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<18x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<18x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_window_padded_backward(%arg0: tensor<16x32xf32>) -> (tensor<18x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<18x32xf32>
  return %0 : tensor<18x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_window_two_inputs(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<16x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16x32xf32>, tensor<16x32xi32>, tensor<f32>, tensor<i32>) -> (tensor<16x16xf32>, tensor<16x16xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_window_two_inputs(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x16xf32>, tensor<16x16xi32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = "stablehlo.reduce_window"(%arg0, %arg1, %cst, %c) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %1 = stablehlo.add %x0, %y0 : tensor<f32>
    %2 = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<16x32xf32>, tensor<16x32xi32>, tensor<f32>, tensor<i32>) -> (tensor<16x16xf32>, tensor<16x16xi32>)
  return %0#0, %0#1 : tensor<16x16xf32>, tensor<16x16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@select_and_scatter_window(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16x32xf32>, tensor<8x32xf32>, tensor<f32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @select_and_scatter_window(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> tensor<16x32xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %cst) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<16x32xf32>, tensor<8x32xf32>, tensor<f32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sort_three_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sort_three_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg2: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf32>) {
  %0:3 = "stablehlo.sort"(%arg0, %arg1, %arg2) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<i32>, %b1: tensor<i32>, %a2: tensor<f32>, %b2: tensor<f32>):
    %1 = stablehlo.compare GT, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sort_dim0_from_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sort_dim0_from_result(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<i32>, %b1: tensor<i32>):
    %1 = stablehlo.compare LT, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) {dimension = 0 : i64, is_stable = false} : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32>)
  return %0#0, %0#1 : tensor<8x16xf32>, tensor<8x16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@fft_forward(
// CHECK-SAME: %arg0: tensor<8x16x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<8x16x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = FFT, length = [32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<8x16x32xcomplex<f32>>) -> tensor<8x16x32xcomplex<f32>>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @fft_forward(%arg0: tensor<8x16x32xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<8x16x32xcomplex<f32>> {
  %0 = stablehlo.fft %arg0, type = FFT, length = [32] : (tensor<8x16x32xcomplex<f32>>) -> tensor<8x16x32xcomplex<f32>>
  return %0 : tensor<8x16x32xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@fft_rfft_two_dims(
// CHECK-SAME: %arg0: tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<8x16x17xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = RFFT, length = [16, 32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<8x16x32xf32>) -> tensor<8x16x17xcomplex<f32>>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @fft_rfft_two_dims(%arg0: tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<8x16x17xcomplex<f32>> {
  %0 = stablehlo.fft %arg0, type = RFFT, length = [16, 32] : (tensor<8x16x32xf32>) -> tensor<8x16x17xcomplex<f32>>
  return %0 : tensor<8x16x17xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@fft_irfft_from_result(
// CHECK-SAME: %arg0: tensor<8x16x17xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) -> (tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = IRFFT, length = [32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<8x16x17xcomplex<f32>>) -> tensor<8x16x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @fft_irfft_from_result(%arg0: tensor<8x16x17xcomplex<f32>>) -> (tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
  %0 = stablehlo.fft %arg0, type = IRFFT, length = [32] : (tensor<8x16x17xcomplex<f32>>) -> tensor<8x16x32xf32>
  return %0 : tensor<8x16x32xf32>
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

// CHECK-LABEL: func.func {{(private )?}}@triangular_solve_batched(
// CHECK-SAME: %arg0: tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> (tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>} : (tensor<4x16x16xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @triangular_solve_batched(%arg0: tensor<4x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) -> tensor<4x16x8xf32> {
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false} : (tensor<4x16x16xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@triangular_solve_right_side(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}, {?}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<4x8x8xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @triangular_solve_right_side(%arg0: tensor<4x8x8xf32>, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<4x16x8xf32> {
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true} : (tensor<4x8x8xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_partial(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [8, 16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_slice_partial(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [8, 16] : (tensor<32x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_update_slice_update_sharded(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<32x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_update_slice_update_sharded(%arg0: tensor<32x16xf32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<32x16xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<32x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_update_slice_operand_sharded(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<32x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<32x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_update_slice_operand_sharded(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<32x16xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<32x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pad_interior_and_edges(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<17x20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.pad %arg0, %cst, low = [1, 2], high = [1, 2], interior = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<17x20xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @pad_interior_and_edges(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<17x20xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %cst, low = [1, 2], high = [1, 2], interior = [1, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<17x20xf32>
  return %0 : tensor<17x20xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pad_from_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {"c", ?}]>}) -> (tensor<8x18xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.pad %arg0, %cst, low = [0, 1], high = [0, 1], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {"c", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x18xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @pad_from_result(%arg0: tensor<8x16xf32>) -> (tensor<8x18xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %cst, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x18xf32>
  return %0 : tensor<8x18xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concatenate_three_operands(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x32xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concatenate_three_operands(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 : (tensor<8x16xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concatenate_from_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concatenate_from_result(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
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

// CHECK-LABEL: func.func {{(private )?}}@iota_into_add(
// CHECK-SAME: %arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
// CHECK: %1 = stablehlo.add %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xi32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @iota_into_add(%arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<8x16xi32>
  %1 = stablehlo.add %0, %arg0 : tensor<8x16xi32>
  return %1 : tensor<8x16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@rng_bit_generator_state(
// CHECK-SAME: %arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2xui64>, tensor<8x16xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
// CHECK: %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"b", ?}, {"c", ?}]>]>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x16xui32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @rng_bit_generator_state(%arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2xui64>, tensor<8x16xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x16xui32>)
  %1 = stablehlo.negate %0#1 : tensor<8x16xui32>
  return %0#0, %0#1 : tensor<2xui64>, tensor<8x16xui32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_reduce_passes_through(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_reduce_passes_through(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.all_reduce"(%arg0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_gather_dim(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_gather_dim(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x32xf32> {
  %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_scatter_dim(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_scatter_dim(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.reduce_scatter"(%arg0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64} : (tensor<8x16xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_to_all_dims(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_to_all_dims(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = "stablehlo.all_to_all"(%arg0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@collective_permute_through(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @collective_permute_through(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.collective_permute"(%arg0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_reduction_factor(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_reduce(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_reduction_factor(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @my_reduce(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=16} reduction={j}>} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_need_replication(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_need_replication(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_op(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_permutation(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_roll(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_permutation(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_roll(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j}>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_is_custom(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_matmul(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=4, k=16} reduction={k}, custom>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_is_custom(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.custom_call @my_matmul(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=4, k=16} reduction={k}, custom>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_two_results(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {"a", ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @my_split(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>, <@mesh, [{"b", "c", ?}, {"a", ?}]>]>} : (tensor<8x16xf32>) -> (tensor<8xf32>, tensor<16x8xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_two_results(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}) -> (tensor<8xf32>, tensor<16x8xf32>) {
  %0:2 = stablehlo.custom_call @my_split(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i], [j, i]) {i=8, j=16}>} : (tensor<8x16xf32>) -> (tensor<8xf32>, tensor<16x8xf32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_compound_factors(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_reshape(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_compound_factors(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.custom_call @my_reshape(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=4, j=8}>} : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_blocked_by_priority(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @my_binary(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @custom_call_rule_blocked_by_priority(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @my_binary(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=16}>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@real_dynamic_slice_shape(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<2xi32>, %arg2: tensor<2xi32>, %arg3: tensor<2xi32>) -> tensor<8x16xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @real_dynamic_slice_shape(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<2xi32>, %arg2: tensor<2xi32>, %arg3: tensor<2xi32>) -> tensor<8x16xf32> {
  %0 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg2, %arg3 : (tensor<32x16xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@bitcast_convert_wider(
// CHECK-SAME: %arg0: tensor<8x16x2xf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.bitcast_convert %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16x2xf16>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @bitcast_convert_wider(%arg0: tensor<8x16x2xf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<8x16x2xf16>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@bitcast_convert_narrower(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x16x2xf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) {
// CHECK: %0 = stablehlo.bitcast_convert %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16x2xf16>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @bitcast_convert_narrower(%arg0: tensor<8x16xf32>) -> (tensor<8x16x2xf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<8x16xf32>) -> tensor<8x16x2xf16>
  return %0 : tensor<8x16x2xf16>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_in_dim_size_one(
// CHECK-SAME: %arg0: tensor<1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}]>}) -> (tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>]>} : (tensor<1x16xf32>) -> tensor<8x16x4xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>]>} : tensor<8x16x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @broadcast_in_dim_size_one(%arg0: tensor<1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}]>}) -> tensor<8x16x4xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16x4xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16x4xf32>
  return %1 : tensor<8x16x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_two_results(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}, tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>, <@mesh, [{"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<16xf32>, tensor<16xi32>)
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_two_results(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<16xf32>, tensor<16xi32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [0] : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<16xf32>, tensor<16xi32>)
   reducer(%a0: tensor<f32>, %b0: tensor<f32>) (%a1: tensor<i32>, %b1: tensor<i32>)  {
    %1 = stablehlo.add %a0, %b0 : tensor<f32>
    %2 = stablehlo.add %a1, %b1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<16xf32>, tensor<16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@convolution_batch_feature(
// CHECK-SAME: %arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {"b"}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"c"}]>}) -> (tensor<8x16x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}, {"c", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @convolution_batch_feature(%arg0: tensor<8x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {"b"}]>}, %arg1: tensor<3x3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"c"}]>}) -> tensor<8x16x16x8xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x16x16x8xf32>
  return %0 : tensor<8x16x16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_general_batch_and_two_contracting(
// CHECK-SAME: %arg0: tensor<4x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {"c"}]>}, %arg1: tensor<4x16x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}, {?}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2, 3] x [1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {?}]>]>} : (tensor<4x8x16x2xf32>, tensor<4x16x2x8xf32>) -> tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_general_batch_and_two_contracting(%arg0: tensor<4x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {"c"}]>}, %arg1: tensor<4x16x2x8xf32>) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2, 3] x [1, 2] : (tensor<4x8x16x2xf32>, tensor<4x16x2x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}
