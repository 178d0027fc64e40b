// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Conflicts at export: only a concatenate gets explicit reshards in Shardy's pipeline; a
// constraint gives its operand its sharding at import only when no dim of it is open.

// CHECK-LABEL: func.func {{(private )?}}@dus_conflict(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<i32>) -> (tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<32x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<32x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dus_conflict(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<i32>) -> tensor<32x8xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 : (tensor<32x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<32x8xf32>
  return %0 : tensor<32x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pad_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.pad %arg0, %0, low = [0, 2], high = [0, 2], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x20xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @pad_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %arg0, %cst, low = [0, 2], high = [0, 2], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x20xf32>
  return %0 : tensor<8x20xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@transpose_conflict(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @transpose_conflict(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_conflict_pipeline(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>) -> tensor<128xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reshape_conflict_pipeline(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<128xf32>
  return %0 : tensor<128xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_batch_conflict(
// CHECK-SAME: %arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> tensor<4x8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dot_batch_conflict(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concat_result_closed_differs(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {}]> : tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"b"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @concat_result_closed_differs(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@gather_conflict(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<16x8xf32>, tensor<4x1xi32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @gather_conflict(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<4x8xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>} : (tensor<16x8xf32>, tensor<4x1xi32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----
// CHECK-LABEL: func.func {{(private )?}}@constraint_closed(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"c"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constraint_closed(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"c"}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_dim0_open(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}, {"c"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constraint_dim0_open(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {"c"}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_dim1_open(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"c"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constraint_dim1_open(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"c", ?}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_open_on_arg(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"c"}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constraint_open_on_arg(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x16xf32> {
  %1 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"c", ?}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
