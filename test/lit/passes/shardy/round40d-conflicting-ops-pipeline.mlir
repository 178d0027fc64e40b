// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 40d: ops whose operands and results the user shards apart, in the style of Shardy's
// insert-explicit-reshards tests, through the whole pipeline (all agreed when written).

// An add whose operands and result are sharded three ways.
// CHECK-LABEL: func.func {{(private )?}}@add_conflict(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @add_conflict(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A dot whose operands disagree on the contracting dim, its result on a third axis.
// CHECK-LABEL: func.func {{(private )?}}@dot_contract_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_contract_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A reduce over a sharded dim, its result on the reduced dim's axis.
// CHECK-LABEL: func.func {{(private )?}}@reduce_sharded_dim(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_sharded_dim(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A transpose whose result keeps its operand's dim order of axes.
// CHECK-LABEL: func.func {{(private )?}}@transpose_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @transpose_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// A reshape whose merged result takes the axes in the other order.
// CHECK-LABEL: func.func {{(private )?}}@reshape_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<8x16xf32>) -> tensor<128xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reshape_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<128xf32>
  return %0 : tensor<128xf32>
}

// -----

// A gather whose operand, indices and result disagree.
// CHECK-LABEL: func.func {{(private )?}}@gather_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>} : (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// A sort along a sharded dim.
// CHECK-LABEL: func.func {{(private )?}}@sort_dim_sharded(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sort_dim_sharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32>) {
  %0 = "stablehlo.sort"(%arg0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A batched dot whose operands and result disagree on the batch dim.
// CHECK-LABEL: func.func {{(private )?}}@dot_batch_conflict_pipe(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}, {}]>]>} : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_batch_conflict_pipe(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"c"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// A concatenate of three operands sharded three ways.
// CHECK-LABEL: func.func {{(private )?}}@concat_three_ways(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<24x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b", "a", "c"}]> : tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{}, {"b", "a", "c"}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %arg2 <@mesh, [{}, {"b", "a", "c"}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.concatenate %0, %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b", "a", "c"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<24x8xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"a", "c"}, {}]> : tensor<24x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concat_three_ways(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<24x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<24x8xf32>
  return %0 : tensor<24x8xf32>
}

// -----

// A roll: two slices of one value concatenated (Shardy keeps the concatenated dim's axes).
// CHECK-LABEL: func.func {{(private )?}}@concat_slices_of_roll(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [12:16, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.slice %arg0 [0:12, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<12x8xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<4x8xf32>, tensor<12x8xf32>) -> tensor<16x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {"a"}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concat_slices_of_roll(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
  %0 = stablehlo.slice %arg0 [12:16, 0:8] : (tensor<16x8xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.slice %arg0 [0:12, 0:8] : (tensor<16x8xf32>) -> tensor<12x8xf32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<4x8xf32>, tensor<12x8xf32>) -> tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// A wrapping pad: a value between two slices of it (kept too).
// CHECK-LABEL: func.func {{(private )?}}@wrap_pad(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<20x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [14:16, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.slice %arg0 [0:2, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"b"}, {"c"}]> : tensor<2x8xf32>
// CHECK: %3 = sdy.reshard %arg0 <@mesh, [{"b"}, {"c"}]> : tensor<16x8xf32>
// CHECK: %4 = sdy.reshard %1 <@mesh, [{"b"}, {"c"}]> : tensor<2x8xf32>
// CHECK: %5 = stablehlo.concatenate %2, %3, %4, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : (tensor<2x8xf32>, tensor<16x8xf32>, tensor<2x8xf32>) -> tensor<20x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @wrap_pad(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<20x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
  %0 = stablehlo.slice %arg0 [14:16, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.slice %arg0 [0:2, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  %2 = stablehlo.concatenate %0, %arg0, %1, dim = 0 : (tensor<2x8xf32>, tensor<16x8xf32>, tensor<2x8xf32>) -> tensor<20x8xf32>
  return %2 : tensor<20x8xf32>
}
