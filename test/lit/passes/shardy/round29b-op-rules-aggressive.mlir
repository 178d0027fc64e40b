// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 29b, per-op hand case: a dim split by a reshape: its axes go to the new dims major to minor.
// CHECK-LABEL: func.func {{(private )?}}@reshape_split_sub_axes(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {?}]>}) -> (tensor<2x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>]>} : (tensor<8x6xf32>) -> tensor<2x4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reshape_split_sub_axes(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {?}]>}) -> tensor<2x4x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}

// -----

// Round 29b, per-op hand case: sub-axes of one axis on two dims merge into the whole axis.
// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_sub_axes(
// CHECK-SAME: %arg0: tensor<2x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}, {}]>}) -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : (tensor<2x4x6xf32>) -> tensor<8x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reshape_merge_sub_axes(%arg0: tensor<2x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}, {}]>}) -> tensor<8x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x4x6xf32>) -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

// Round 29b, per-op hand case: a merged dim takes the result dims' axes in order.
// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_sub_axes(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}, {"c", ?}]>}) -> (tensor<2x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {"c", ?}]>]>} : (tensor<8x6xf32>) -> tensor<2x4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reshape_backward_sub_axes(%arg0: tensor<8x6xf32>) -> (tensor<2x4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {"c", ?}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}

// -----

// Round 29b, per-op hand case: a dim of 6 on "a"=4: only the piece that divides moves.
// CHECK-LABEL: func.func {{(private )?}}@reshape_non_divisible(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reshape_non_divisible(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// Round 29b, per-op hand case: size-one dims dropped and added by a reshape hold nothing.
// CHECK-LABEL: func.func {{(private )?}}@reshape_size_one_dims(
// CHECK-SAME: %arg0: tensor<1x8x1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "c"}, {?}, {"b"}]>}) -> (tensor<8x6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}, {?}]>]>} : (tensor<1x8x1x6xf32>) -> tensor<8x6x1xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reshape_size_one_dims(%arg0: tensor<1x8x1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "c"}, {?}, {"b"}]>}) -> tensor<8x6x1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1x8x1x6xf32>) -> tensor<8x6x1xf32>
  return %0 : tensor<8x6x1xf32>
}

// -----

// Round 29b, per-op hand case: two contracting dims (reduction factors) and a batching dim.
// CHECK-LABEL: func.func {{(private )?}}@dot_general_two_contracting(
// CHECK-SAME: %arg0: tensor<4x8x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}, {"b"}, {}]>}, %arg1: tensor<4x6x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b", ?}, {?}, {?}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2, 3] x [1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}, {?}]>]>} : (tensor<4x8x6x2xf32>, tensor<4x6x2x8xf32>) -> tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @dot_general_two_contracting(%arg0: tensor<4x8x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}, {"b"}, {}]>}, %arg1: tensor<4x6x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {?}, {?}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2, 3] x [1, 2] : (tensor<4x8x6x2xf32>, tensor<4x6x2x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// Round 29b, per-op hand case: operands that shard the batch dim differently.
// CHECK-LABEL: func.func {{(private )?}}@dot_general_conflicting_batch(
// CHECK-SAME: %arg0: tensor<4x8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}, {"a"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}, {"a", ?}]>]>} : (tensor<4x8x6xf32>, tensor<4x6x8xf32>) -> tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @dot_general_conflicting_batch(%arg0: tensor<4x8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}, {"a"}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x6xf32>, tensor<4x6x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// Round 29b, per-op hand case: a grouped convolution: the input feature dim is split into groups.
// CHECK-LABEL: func.func {{(private )?}}@conv_feature_groups(
// CHECK-SAME: %arg0: tensor<2x8x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}, {"a"}]>}, %arg1: tensor<3x3x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {?}, {"a", ?}]>}) -> (tensor<2x6x6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {?}, {"a", ?}]>]>} : (tensor<2x8x8x16xf32>, tensor<3x3x4x16xf32>) -> tensor<2x6x6x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @conv_feature_groups(%arg0: tensor<2x8x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}, {"a"}]>}, %arg1: tensor<3x3x4x16xf32>) -> tensor<2x6x6x16xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x8x8x16xf32>, tensor<3x3x4x16xf32>) -> tensor<2x6x6x16xf32>
  return %0 : tensor<2x6x6x16xf32>
}

// -----

// Round 29b, per-op hand case: a dilated window: the spatial dim is a permutation factor.
// CHECK-LABEL: func.func {{(private )?}}@conv_dilated(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {"c"}]>}, %arg1: tensor<3x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}, {?}]>}) -> (tensor<4x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}, {?}]>]>} : (tensor<4x16x8xf32>, tensor<3x8x4xf32>) -> tensor<4x12x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @conv_dilated(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {"c"}]>}, %arg1: tensor<3x8x4xf32>) -> tensor<4x12x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x16x8xf32>, tensor<3x8x4xf32>) -> tensor<4x12x4xf32>
  return %0 : tensor<4x12x4xf32>
}

// -----

// Round 29b, per-op hand case: negative and interior padding: padded dims are permutation factors.
// CHECK-LABEL: func.func {{(private )?}}@pad_negative_interior(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<f32>) -> (tensor<6x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.pad %arg0, %arg1, low = [-1, 1], high = [-1, 4], interior = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x6xf32>, tensor<f32>) -> tensor<6x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @pad_negative_interior(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %pv: tensor<f32>) -> tensor<6x16xf32> {
  %0 = stablehlo.pad %arg0, %pv, low = [-1, 1], high = [-1, 4], interior = [0, 1] : (tensor<8x6xf32>, tensor<f32>) -> tensor<6x16xf32>
  return %0 : tensor<6x16xf32>
}

// -----

// Round 29b, per-op hand case: a size-one dim broadcast to 4: its sharding does not move.
// CHECK-LABEL: func.func {{(private )?}}@broadcast_size_one_expansion(
// CHECK-SAME: %arg0: tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a", ?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a", ?}]>]>} : (tensor<1x8xf32>) -> tensor<4x6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @broadcast_size_one_expansion(%arg0: tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<4x6x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<1x8xf32>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}

// -----

// Round 29b, per-op hand case: the result's axes on an expanded dim do not reach the operand.
// CHECK-LABEL: func.func {{(private )?}}@broadcast_size_one_backward(
// CHECK-SAME: %arg0: tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<1x8xf32>) -> tensor<4x6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @broadcast_size_one_backward(%arg0: tensor<1x8xf32>) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<1x8xf32>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}

// -----

// Round 29b, per-op hand case: f32 to bf16 pairs: a new minor dim of 2.
// CHECK-LABEL: func.func {{(private )?}}@bitcast_narrower(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4x2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.bitcast_convert %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<8x4xf32>) -> tensor<8x4x2xbf16>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @bitcast_narrower(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4x2xbf16> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<8x4xf32>) -> tensor<8x4x2xbf16>
  return %0 : tensor<8x4x2xbf16>
}

// -----

// Round 29b, per-op hand case: bf16 pairs to f32: the minor dim goes.
// CHECK-LABEL: func.func {{(private )?}}@bitcast_wider(
// CHECK-SAME: %arg0: tensor<8x4x2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", "c", ?}, {?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", "c"}]>}) {
// CHECK: %0 = stablehlo.bitcast_convert %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", "c", ?}]>]>} : (tensor<8x4x2xbf16>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @bitcast_wider(%arg0: tensor<8x4x2xbf16>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", "c"}]>}) {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<8x4x2xbf16>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: an iota takes its user's sharding.
// CHECK-LABEL: func.func {{(private )?}}@iota_then_add(
// CHECK-SAME: %arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x4xi32>
// CHECK: %1 = stablehlo.add %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x4xi32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @iota_then_add(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<8x4xi32>
  %1 = stablehlo.add %0, %arg0 : tensor<8x4xi32>
  return %1 : tensor<8x4xi32>
}

// -----

// Round 29b, per-op hand case: a scalar predicate: the two operands conflict.
// CHECK-LABEL: func.func {{(private )?}}@select_scalar_pred(
// CHECK-SAME: %arg0: tensor<i1>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<i1>, tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @select_scalar_pred(%p: tensor<i1>, %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.select %p, %arg0, %arg1 : tensor<i1>, tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: a scalar bound and two operands with different sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@clamp_scalar_bounds(
// CHECK-SAME: %arg0: tensor<f32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<f32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @clamp_scalar_bounds(%lo: tensor<f32>, %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}, %hi: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.clamp %lo, %arg0, %hi : (tensor<f32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: real_dynamic_slice with a static result.
// CHECK-LABEL: func.func {{(private )?}}@real_dynamic_slice_static(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<2xi64>, %arg2: tensor<2xi64>, %arg3: tensor<2xi64>) -> tensor<4x4xf32> {
// CHECK: %0 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg2, %arg3 : (tensor<8x8xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @real_dynamic_slice_static(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %s: tensor<2xi64>, %l: tensor<2xi64>, %t: tensor<2xi64>) -> tensor<4x4xf32> {
  %0 = stablehlo.real_dynamic_slice %arg0, %s, %l, %t : (tensor<8x8xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Round 29b, per-op hand case: dynamic_pad: every dim may change size.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_pad(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<f32>, %arg2: tensor<2xi64>, %arg3: tensor<2xi64>, %arg4: tensor<2xi64>) -> tensor<10x10xf32> {
// CHECK: %0 = stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg3, %arg4 : (tensor<8x8xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<10x10xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @dynamic_pad(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %pv: tensor<f32>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<10x10xf32> {
  %0 = stablehlo.dynamic_pad %arg0, %pv, %lo, %hi, %in : (tensor<8x8xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<10x10xf32>
  return %0 : tensor<10x10xf32>
}

// -----

// Round 29b, per-op hand case: two operands sorted together along dim 1.
// CHECK-LABEL: func.func {{(private )?}}@sort_multi_operand(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
// CHECK: %1 = stablehlo.compare GT, %arg2, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: stablehlo.return %1 : tensor<i1>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @sort_multi_operand(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32>, tensor<8x16xi32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32>)
  return %0#0, %0#1 : tensor<8x16xf32>, tensor<8x16xi32>
}

// -----

// Round 29b, per-op hand case: a 2-d RFFT: both FFT dims need replication, the batch dim passes.
// CHECK-LABEL: func.func {{(private )?}}@fft_rfft(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> (tensor<4x8x9xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = RFFT, length = [8, 16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<4x8x16xf32>) -> tensor<4x8x9xcomplex<f32>>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @fft_rfft(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) -> tensor<4x8x9xcomplex<f32>> {
  %0 = stablehlo.fft %arg0, type = RFFT, length = [8, 16] : (tensor<4x8x16xf32>) -> tensor<4x8x9xcomplex<f32>>
  return %0 : tensor<4x8x9xcomplex<f32>>
}

// -----

// Round 29b, per-op hand case: an IRFFT result's shardings reaching the operand.
// CHECK-LABEL: func.func {{(private )?}}@fft_irfft_backward(
// CHECK-SAME: %arg0: tensor<4x8x9xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.fft %arg0, type = IRFFT, length = [8, 16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<4x8x9xcomplex<f32>>) -> tensor<4x8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @fft_irfft_backward(%arg0: tensor<4x8x9xcomplex<f32>>) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
  %0 = stablehlo.fft %arg0, type = IRFFT, length = [8, 16] : (tensor<4x8x9xcomplex<f32>>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// Round 29b, per-op hand case: the matrix dims need replication, the batch dim takes compound axes.
// CHECK-LABEL: func.func {{(private )?}}@cholesky_batched(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}, {}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {"c", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.cholesky %arg0, lower = true {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {"c", ?}, {?}]>]>} : tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @cholesky_batched(%arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}, {}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.cholesky %arg0, lower = true : tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// Round 29b, per-op hand case: a padded, strided window.
// CHECK-LABEL: func.func {{(private )?}}@reduce_window_padded(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}, %arg1: tensor<f32>) -> (tensor<8x9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", "c", ?}]>}) {
// CHECK: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
// CHECK: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK: stablehlo.return %1 : tensor<f32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reduce_window_padded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}, %init: tensor<f32>) -> tensor<8x9xf32> {
  %0 = "stablehlo.reduce_window"(%arg0, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x9xf32>
  return %0 : tensor<8x9xf32>
}

// -----

// Round 29b, per-op hand case: the source's axes meet the operand's.
// CHECK-LABEL: func.func {{(private )?}}@select_and_scatter_op(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c"}]>}, %arg2: tensor<f32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
// CHECK: %1 = stablehlo.compare GE, %arg3, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: stablehlo.return %1 : tensor<i1>
// CHECK: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK: stablehlo.return %1 : tensor<f32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @select_and_scatter_op(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %src: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c"}]>}, %init: tensor<f32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.select_and_scatter"(%arg0, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<8x16xf32>, tensor<8x8xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Round 29b, per-op hand case: a batched gather: operand and indices batching dims share a factor.
// CHECK-LABEL: func.func {{(private )?}}@gather_batching_dims(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"c", ?}]>]>} : (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @gather_batching_dims(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}, %idx: tensor<4x6x1xi32>) -> tensor<4x6x8xf32> {
  %0 = "stablehlo.gather"(%arg0, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>, indices_are_sorted = false} : (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}

// -----

// Round 29b, per-op hand case: the result's axes reach the operand and indices batching dims.
// CHECK-LABEL: func.func {{(private )?}}@gather_batching_backward(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"c", ?}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {"c", ?}]>]>} : (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @gather_batching_backward(%arg0: tensor<4x16x8xf32>, %idx: tensor<4x6x1xi32>) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {"c"}]>}) {
  %0 = "stablehlo.gather"(%arg0, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>, indices_are_sorted = false} : (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}

// -----

// Round 29b, per-op hand case: the update's axes against the operand's.
// CHECK-LABEL: func.func {{(private )?}}@dynamic_update_slice_op(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @dynamic_update_slice_op(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %u: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %u, %i, %j : (tensor<8x16xf32>, tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Round 29b, per-op hand case: operands sharding the non-concatenated dim with "a":(1)2 and "a".
// CHECK-LABEL: func.func {{(private )?}}@concatenate_sub_axes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}, %arg1: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x4xf32>, tensor<8x12xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @concatenate_sub_axes(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}, %arg1: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x4xf32>, tensor<8x12xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Round 29b, per-op hand case: rng_bit_generator: the state and the output share nothing.
// CHECK-LABEL: func.func {{(private )?}}@rng_bit_gen(
// CHECK-SAME: %arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<2xui64>, tensor<8x16xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c", ?}]>}) {
// CHECK: %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"a", ?}, {"c", ?}]>]>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x16xui32>)
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @rng_bit_gen(%state: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<2xui64>, tensor<8x16xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c", ?}]>}) {
  %0:2 = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x16xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<8x16xui32>
}

// -----

// Round 29b, per-op hand case: stablehlo.all_gather outside manual computations.
// CHECK-LABEL: func.func {{(private )?}}@all_gather_auto(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x4xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @all_gather_auto(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x4xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Round 29b, per-op hand case: stablehlo.reduce_scatter outside manual computations.
// CHECK-LABEL: func.func {{(private )?}}@reduce_scatter_auto(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
// CHECK: %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK: stablehlo.return %1 : tensor<f32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @reduce_scatter_auto(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = "stablehlo.reduce_scatter"(%arg0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: stablehlo.all_to_all outside manual computations.
// CHECK-LABEL: func.func {{(private )?}}@all_to_all_auto(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x4xf32> {
// CHECK: %0 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<8x8xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @all_to_all_auto(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x4xf32> {
  %0 = "stablehlo.all_to_all"(%arg0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x8xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}
