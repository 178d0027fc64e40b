// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 40b: erasing an op dead from the start, MLIR's greedy driver (which Shardy's basic and
// aggressive passes run) pushes the op defining each operand left with one other user or none,
// in operand order, and pops the last pushed first: an op popped while a user it dies with is
// not erased yet runs its pattern once more (campaign 52275, WIDE: a scatter whose operand is
// also its updates takes "b" on its updates from its own first step, and its indices take it
// on that second run).

// A dead compare and a dead select read the scatter: the select erased, the scatter (pushed after the compare) runs again while the compare is not erased yet: the indices take "b".
// CHECK-LABEL: func.func {{(private )?}}@dead_compare_select(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4]>
func.func @dead_compare_select(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32>) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.compare GT, %v3, %arg4 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %v6 = stablehlo.select %v5, %v3, %arg4 : tensor<2x8xi1>, tensor<2x8xf32>
  return %arg4 : tensor<2x8xf32>
}

// -----

// The same ops live: the scatter runs once, its indices stay unsharded.
// CHECK-LABEL: func.func {{(private )?}}@live_compare_select(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2x1xi32>, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.compare GT, %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
// CHECK: %2 = stablehlo.select %1, %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : tensor<2x8xi1>, tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4]>
func.func @live_compare_select(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32>) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.compare GT, %v3, %arg4 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %v6 = stablehlo.select %v5, %v3, %arg4 : tensor<2x8xi1>, tensor<2x8xf32>
  return %v6 : tensor<2x8xf32>
}

// -----

// The dead op reads the scatter after the add: the scatter is pushed last, runs again.
// CHECK-LABEL: func.func {{(private )?}}@dead_add_reads_scatter_last(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4]>
func.func @dead_add_reads_scatter_last(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32>) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.add %v3, %arg4 : tensor<2x8xf32>
  %v6 = stablehlo.multiply %v5, %v3 : tensor<2x8xf32>
  return %arg4 : tensor<2x8xf32>
}

// -----

// The dead op reads the scatter first: the add is popped first and erased; the scatter, dead then, runs no more.
// CHECK-LABEL: func.func {{(private )?}}@dead_add_reads_scatter_first(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2x1xi32>, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4]>
func.func @dead_add_reads_scatter_first(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32>) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.add %v3, %arg4 : tensor<2x8xf32>
  %v6 = stablehlo.multiply %v3, %v5 : tensor<2x8xf32>
  return %arg4 : tensor<2x8xf32>
}

// -----

// One dead add reads the scatter: erased where the driver reaches it, before any step.
// CHECK-LABEL: func.func {{(private )?}}@one_dead_add(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg1: tensor<2x1xi32>, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4]>
func.func @one_dead_add(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32>) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.add %v3, %arg4 : tensor<2x8xf32>
  return %arg4 : tensor<2x8xf32>
}

// -----

// The scatter read by a live op and a dead one: it is live, the indices stay unsharded.
// CHECK-LABEL: func.func {{(private )?}}@live_and_dead_readers(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4]>
func.func @live_and_dead_readers(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<2x8xf32>) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.add %v3, %arg4 : tensor<2x8xf32>
  %v6 = stablehlo.multiply %v5, %v3 : tensor<2x8xf32>
  return %v5 : tensor<2x8xf32>
}

// -----

// The campaign's module (seed 52275, WIDE).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {}]>}, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>}, %arg2: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2}, {"c"}]>}) -> (tensor<1x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {"c", "a"}, {}]>}) {
// CHECK: %0 = stablehlo.reshape %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}, {"c", "a", ?}]>]>} : (tensor<2x8xf32>) -> tensor<2x1x8xf32>
// CHECK: %1 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2, "b":(1)2, ?}, {?}]>]>} : tensor<2x8xf32>
// CHECK: %2 = stablehlo.dot_general %0, %1, contracting_dims = [0] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", "a", ?}, {?}]>]>} : (tensor<2x1x8xf32>, tensor<2x8xf32>) -> tensor<1x8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=4, "d"=4]>
func.func @main(%arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg2: tensor<2x1xi32>, %arg4: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "b":(1)2}, {"c"}]>}) -> (tensor<1x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {"c", "a"}, {}]>}) {
  %v3 = "stablehlo.scatter"(%arg1, %arg2, %arg1) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.maximum %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x8xf32>, tensor<2x1xi32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %v5 = stablehlo.compare GT, %v3, %arg4 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %v6 = stablehlo.select %v5, %v3, %arg4 : tensor<2x8xi1>, tensor<2x8xf32>
  %v7 = stablehlo.reshape %arg4 : (tensor<2x8xf32>) -> tensor<2x1x8xf32>
  %i8 = stablehlo.iota dim = 1 : tensor<2x8xf32>
  %v9 = stablehlo.dot_general %v7, %i8, contracting_dims = [0] x [0] : (tensor<2x1x8xf32>, tensor<2x8xf32>) -> tensor<1x8x8xf32>
  return %v9 : tensor<1x8x8xf32>
}

// -----

// A dot of a value with itself read by a dead add and a dead multiply: pushed last, it runs again with its operand sharded and shards its other dim.
// CHECK-LABEL: func.func {{(private )?}}@dead_dot_self(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_dot_self(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8x8xf32>
  return %arg1 : tensor<8x8xf32>
}

// -----

// An add of a value and its transpose, dead the same way.
// CHECK-LABEL: func.func {{(private )?}}@dead_transpose_add_self(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_transpose_add_self(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %t = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %t : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8x8xf32>
  return %arg1 : tensor<8x8xf32>
}

// -----

// A concatenate of a value with itself, dead the same way.
// CHECK-LABEL: func.func {{(private )?}}@dead_concat_self(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_concat_self(%arg0: tensor<8x8xf32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16x8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<16x8xf32>
  return %arg1 : tensor<16x8xf32>
}

// -----

// A longer dead chain ending in an op that reads the dot last.
// CHECK-LABEL: func.func {{(private )?}}@dead_chain_three(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_chain_three(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  %3 = stablehlo.multiply %2, %1 : tensor<8x8xf32>
  %4 = stablehlo.subtract %3, %0 : tensor<8x8xf32>
  return %arg1 : tensor<8x8xf32>
}

// -----

// A two-result optimization barrier read by the dead ops.
// CHECK-LABEL: func.func {{(private )?}}@dead_multi_result(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_multi_result(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg0 : tensor<8x8xf32>, tensor<8x8xf32>
  %1 = stablehlo.add %0#0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %0#1 : tensor<8x8xf32>
  return %arg1 : tensor<8x8xf32>
}

// -----

// Dead ops inside a loop body reading a dot of the carried value with itself.
// CHECK-LABEL: func.func {{(private )?}}@dead_in_while_body(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, []>]>}
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_in_while_body(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %d = stablehlo.dot_general %it, %it, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %e = stablehlo.add %d, %arg1 : tensor<8x8xf32>
    %f = stablehlo.multiply %e, %d : tensor<8x8xf32>
    %4 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %it, %4 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// The dot's operand also read by a live op.
// CHECK-LABEL: func.func {{(private )?}}@dead_and_live_reader(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_and_live_reader(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %n = stablehlo.negate %arg0 : tensor<8x8xf32>
  %0 = stablehlo.dot_general %n, %n, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8x8xf32>
  %3 = stablehlo.abs %n : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// -----

// Two dead roots reading the dot: at the second, the ops the first erased are gone, so the dot (one live user left) is pushed, and runs again before that user goes.
// CHECK-LABEL: func.func {{(private )?}}@two_dead_roots(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @two_dead_roots(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8x8xf32>
  %3 = stablehlo.subtract %0, %arg2 : tensor<8x8xf32>
  %4 = stablehlo.divide %3, %0 : tensor<8x8xf32>
  return %arg1 : tensor<8x8xf32>
}

// -----

// A reduce of a value times itself read by dead ops.
// CHECK-LABEL: func.func {{(private )?}}@dead_reduce_self(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_reduce_self(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.multiply %arg0, %arg0 : tensor<8x8xf32>
  %0 = stablehlo.reduce(%m init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8xf32>
  return %arg1 : tensor<8xf32>
}
