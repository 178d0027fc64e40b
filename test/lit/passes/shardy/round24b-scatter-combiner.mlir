// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 24b: a scatter's update scatter dims are reduction factors only where Shardy reads the
// update computation as a combiner: each returned value one add / multiply / maximum / minimum
// (the same for all results) of its input and its update. Otherwise (a subtract, a mixed
// variadic body, an overwrite) they need replication, and the updates' sharding does not reach
// the indices (sweep scatter_variadic 18000-18029).

// A subtract does not combine.
// CHECK-LABEL: func.func {{(private )?}}@subtract_body(
// CHECK-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x4xf32> {
// CHECK: %1 = stablehlo.subtract %arg3, %arg4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l], [i, j])->([k, j]) {i=2, j=4, k=8, l=1} need_replication={i, l}>} : (tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @subtract_body(%x: tensor<8x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x4xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A minimum of the update and the input (either order) combines.
// CHECK-LABEL: func.func {{(private )?}}@minimum_body(
// CHECK-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x4xf32> {
// CHECK: %1 = stablehlo.minimum %arg4, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l], [i, j])->([k, j]) {i=2, j=4, k=8, l=1} reduction={i} need_replication={l}>} : (tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @minimum_body(%x: tensor<8x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x4xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.minimum %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A variadic scatter adding one pair and taking the maximum of the other is no one combiner.
// CHECK-LABEL: func.func {{(private )?}}@variadic_mixed_body(
// CHECK-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg3: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg4: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
// CHECK: %1 = stablehlo.add %arg5, %arg7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: %2 = stablehlo.maximum %arg6, %arg8 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [k, j], [i, l], [i, j], [i, j])->([k, j], [k, j]) {i=2, j=4, k=8, l=1} need_replication={i, l}>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2]>
func.func @variadic_mixed_body(%x: tensor<8x4xf32>, %y: tensor<8x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %v: tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %a, %p : tensor<f32>
    %m = stablehlo.maximum %b, %q : tensor<f32>
    stablehlo.return %s, %m : tensor<f32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Both pairs added (the second as update + input): one combiner.
// CHECK-LABEL: func.func {{(private )?}}@variadic_add_body(
// CHECK-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg3: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg4: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
// CHECK: %1 = stablehlo.add %arg5, %arg7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: %2 = stablehlo.add %arg8, %arg6 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [k, j], [i, l], [i, j], [i, j])->([k, j], [k, j]) {i=2, j=4, k=8, l=1} reduction={i} need_replication={l}>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2]>
func.func @variadic_add_body(%x: tensor<8x4xf32>, %y: tensor<8x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %v: tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %a, %p : tensor<f32>
    %m = stablehlo.add %q, %b : tensor<f32>
    stablehlo.return %s, %m : tensor<f32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}
