// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep, tests/support/op_sweep.py): Shardy's rules of its built-in
// custom calls. ApproxTopK and PartialReduce: pointwise where the sizes match; along the
// reduced dim the operands' factor passes through and the results' own factor needs
// replication and blocks. mhlo.topk: one factor sized as the operand's reduced dim, needing
// replication and blocking. Eigh: batch dims pass through, the eigenvalues take the
// operand's last factor. Qr: the matrix dims need replication, the second result's last dim
// is a factor of its own. meshjit had no Eigh / Qr rule (all replicated) and let the top-k
// results' reduced dim propagate (custom_call seeds 3, 4, 9, 13, 23, 26).

// CHECK-LABEL: func.func {{(private )?}}@approx_top_k_reduced_dim_blocks(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @ApproxTopK(%arg0, %arg1, %arg2, %arg3) {mhlo.backend_config = {reduction_dim = 1 : i64, top_k = 4 : i64}, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i, k], [i, k]) {i=16, j=32, k=4} need_replication={k} blocked_propagation={k}>} : (tensor<16x32xf32>, tensor<16x32xi32>, tensor<f32>, tensor<i32>) -> (tensor<16x4xf32>, tensor<16x4xi32>)
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @approx_top_k_reduced_dim_blocks(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<16x4xf32>, tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0:2 = stablehlo.custom_call @ApproxTopK(%arg0, %arg1, %arg2, %arg3) {mhlo.backend_config = {reduction_dim = 1 : i64, top_k = 4 : i64}} : (tensor<16x32xf32>, tensor<16x32xi32>, tensor<f32>, tensor<i32>) -> (tensor<16x4xf32>, tensor<16x4xi32>)
  return %0#0, %0#1 : tensor<16x4xf32>, tensor<16x4xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@partial_reduce_over_dim_zero(
// CHECK-SAME: %arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<32x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, tensor<4x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @PartialReduce(%arg0, %arg1, %arg2, %arg3) {mhlo.backend_config = {reduction_dim = 0 : i64, top_k = 4 : i64}, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>, <@mesh, [{?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, k], [], [])->([j, k], [j, k]) {i=32, j=4, k=16} need_replication={j} blocked_propagation={j}>} : (tensor<32x16xf32>, tensor<32x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x16xf32>, tensor<4x16xi32>)
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @partial_reduce_over_dim_zero(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<32x16xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<4x16xf32>, tensor<4x16xi32>) {
  %0:2 = stablehlo.custom_call @PartialReduce(%arg0, %arg1, %arg2, %arg3) {mhlo.backend_config = {reduction_dim = 0 : i64, top_k = 4 : i64}} : (tensor<32x16xf32>, tensor<32x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x16xf32>, tensor<4x16xi32>)
  return %0#0, %0#1 : tensor<4x16xf32>, tensor<4x16xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@topk_reduced_dim_blocks(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @mhlo.topk(%arg0) {mhlo.attributes = {k = 4 : i64, largest = true}, mhlo.version = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=8, j=16} need_replication={j} blocked_propagation={j}>} : (tensor<8x16xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @topk_reduced_dim_blocks(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32>, tensor<8x4xi32>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%arg0) {mhlo.attributes = {k = 4 : i64, largest = true}, mhlo.version = 1 : i64} : (tensor<8x16xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xi32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@eigh_eigenvalues_take_the_last_dim(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"b", ?}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @Eigh(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"b", ?}]>, <@mesh, [{"a", ?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k], [i, k]) {i=4, j=8, k=8}>} : (tensor<4x8x8xf32>) -> (tensor<4x8x8xf32>, tensor<4x8xf32>)
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @eigh_eigenvalues_take_the_last_dim(%arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}) -> (tensor<4x8x8xf32>, tensor<4x8xf32>) {
  %0:2 = stablehlo.custom_call @Eigh(%arg0) : (tensor<4x8x8xf32>) -> (tensor<4x8x8xf32>, tensor<4x8xf32>)
  return %0#0, %0#1 : tensor<4x8x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@qr_matrix_dims_need_replication(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> (tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.custom_call @Qr(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k], [i, l]) {i=4, j=8, k=8, l=8} need_replication={j, k, l}>} : (tensor<4x8x8xf32>) -> (tensor<4x8x8xf32>, tensor<4x8xf32>)
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @qr_matrix_dims_need_replication(%arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> (tensor<4x8x8xf32>, tensor<4x8xf32>) {
  %0:2 = stablehlo.custom_call @Qr(%arg0) : (tensor<4x8x8xf32>) -> (tensor<4x8x8xf32>, tensor<4x8xf32>)
  return %0#0, %0#1 : tensor<4x8x8xf32>, tensor<4x8xf32>
}
