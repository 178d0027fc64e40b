// SHARDY: sdy-aggressive-propagate{conservative-propagation=true keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 25b: with conservative-propagation, keep-sharding-rules writes the rules conservative
// propagation used (Shardy's registry gives them under that option), not the usual ones: a
// concatenate's concatenated dim is a size-one factor per operand and for the result.
// CHECK-LABEL: func.func {{(private )?}}@concatenate_size_one_factors(
// CHECK-SAME: %arg0: tensor<8x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<8x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) -> (tensor<8x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, j], [i, l, j])->([i, m, j]) {i=8, j=2, k=1, l=1, m=1}>} : (tensor<8x4x2xf32>, tensor<8x2x2xf32>) -> tensor<8x6x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concatenate_size_one_factors(%arg0: tensor<8x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<8x2x2xf32>) -> tensor<8x6x2xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x4x2xf32>, tensor<8x2x2xf32>) -> tensor<8x6x2xf32>
  return %0 : tensor<8x6x2xf32>
}

// -----

// The concatenated dim the major one, three operands: the factors of the other dims first.
// CHECK-LABEL: func.func {{(private )?}}@concatenate_major_dim(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg2: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i], [k, i], [l, i])->([m, i]) {i=4, j=1, k=1, l=1, m=1}>} : (tensor<8x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<12x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concatenate_major_dim(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> tensor<12x4xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 : (tensor<8x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<12x4xf32>
  return %0 : tensor<12x4xf32>
}

// -----

// A slice's and a pad's sliced / padded dims: permutation factors, blocked.
// CHECK-LABEL: func.func {{(private )?}}@slice_and_pad_blocked(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [2:6, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} permutation={i} blocked_propagation={i}>} : (tensor<8x4xf32>) -> tensor<4x4xf32>
// CHECK: %1 = stablehlo.pad %0, %cst, low = [1, 0], high = [1, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=4} permutation={i} blocked_propagation={i}>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<6x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @slice_and_pad_blocked(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<6x4xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.slice %arg0 [2:6, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
  %1 = stablehlo.pad %0, %c, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// A convolution's conservative rule: batch and features, then a size-one factor per spatial
// dim of the lhs, the kernel and the output.
// CHECK-LABEL: func.func {{(private )?}}@convolution_size_one_factors(
// CHECK-SAME: %arg0: tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<3x2x4xf32>) -> (tensor<4x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @convolution_size_one_factors(%arg0: tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<3x2x4xf32>) -> tensor<4x6x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x8x2xf32>, tensor<3x2x4xf32>) -> tensor<4x6x4xf32>
  return %0 : tensor<4x6x4xf32>
}

// -----

// A reduce_window's windowed dim blocked; a select_and_scatter's source window dim (need
// replication) blocked too.
// CHECK-LABEL: func.func {{(private )?}}@windows_blocked(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b", ?}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %2 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=4} permutation={i} blocked_propagation={i}>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK: %2 = stablehlo.compare GE, %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: %2 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [i, k], [])->([j, k]) {i=4, j=8, k=4} need_replication={i} permutation={j} blocked_propagation={i, j}>} : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<f32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @windows_blocked(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {?}]>}) -> (tensor<4x4xf32>, tensor<8x4xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %1 = "stablehlo.select_and_scatter"(%arg0, %arg1, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<f32>) -> tensor<8x4xf32>
  return %0, %1 : tensor<4x4xf32>, tensor<8x4xf32>
}
