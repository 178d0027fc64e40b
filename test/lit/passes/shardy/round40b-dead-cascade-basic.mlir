// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 40b: erasing an op dead from the start, MLIR's greedy driver pushes the op defining each
// operand left with one other user or none, in operand order, and pops the last pushed first: an
// op popped while a user it dies with is not erased yet runs once more (as in
// round40b-dead-cascade-aggressive.mlir, under the basic strategy).

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
