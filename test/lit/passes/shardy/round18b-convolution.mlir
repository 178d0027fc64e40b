// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep, tests/support/op_sweep.py): Shardy's convolution rule factors a
// spatial dim by its sizes. An output at least as large as the window is a permutation factor
// (the smaller of the output and the lhs dim) followed by a reduction factor the kernel
// shares (the smaller of the window and the lhs dim over the output, not the stride); a
// smaller output makes the window the reduction factor, followed by a permutation factor
// (the smaller of the output and the lhs dim over the window). Size-one factors of the kernel
// come before the output's. A feature group of one input feature leaves that factor out of
// the lhs dim. meshjit kept every spatial dim a permutation and the stride a factor
// (convolution seeds 6, 10, 29, 30, 33, 35).

// CHECK-LABEL: func.func {{(private )?}}@window_larger_than_output(
// CHECK-SAME: %arg0: tensor<8x4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a", ?}p2, {?}]>}, %arg1: tensor<3x3x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", ?}, {}, {}]>}) -> tensor<8x2x2x2xf32> {
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func @window_larger_than_output(%arg0: tensor<8x4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a", ?}p2, {?}]>}, %arg1: tensor<3x3x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {}, {}]>}) -> tensor<8x2x2x2xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<8x2x2x2xf32>
  return %0 : tensor<8x2x2x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@strided_windows(
// CHECK-SAME: %arg0: tensor<2x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}, %arg1: tensor<3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {?}]>}, %arg2: tensor<2x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}, %arg3: tensor<5x4x8xf32>) -> (tensor<2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}, {?}]>}, tensor<2x3x8xf32>) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @strided_windows(%arg0: tensor<2x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}, %arg1: tensor<3x4x8xf32>, %arg2: tensor<2x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}, %arg3: tensor<5x4x8xf32>) -> (tensor<2x4x8xf32>, tensor<2x3x8xf32>) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [4], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x4xf32>, tensor<3x4x8xf32>) -> tensor<2x4x8xf32>
  %1 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [3], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x4xf32>, tensor<5x4x8xf32>) -> tensor<2x3x8xf32>
  return %0, %1 : tensor<2x4x8xf32>, tensor<2x3x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@one_input_feature_per_group(
// CHECK-SAME: %arg0: tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}, %arg1: tensor<1x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"b", ?}]>}) -> (tensor<4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @one_input_feature_per_group(%arg0: tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}, %arg1: tensor<1x1x4xf32>) -> tensor<4x8x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<4x8x2xf32>, tensor<1x1x4xf32>) -> tensor<4x8x4xf32>
  return %0 : tensor<4x8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@kernel_size_one_factors_first(
// CHECK-SAME: %arg0: tensor<8x3x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {}]>}, %arg1: tensor<3x1x2x2xf32>) -> (tensor<8x1x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"b", ?}, {?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @kernel_size_one_factors_first(%arg0: tensor<8x3x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {}]>}, %arg1: tensor<3x1x2x2xf32>) -> tensor<8x1x16x2xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x3x16x2xf32>, tensor<3x1x2x2xf32>) -> tensor<8x1x16x2xf32>
  return %0 : tensor<8x1x16x2xf32>
}
