// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 17 (random MLIR campaign): a value read only by the terminators of a branch that dies
// (here an if whose result only a dead negate reads) dies with the branch: the greedy driver
// erases it before a sharding found later reaches it. meshjit saw uses by ops without results
// and kept the subtract alive, which carried "c" to %arg1 (extended campaign seed 20053; basic,
// aggressive and conservative passes).

// CHECK-LABEL: func.func {{(private )?}}@value_read_by_dead_if_dies_with_it(
// CHECK-SAME: %arg1: tensor<8x4xf32>,
// CHECK-SAME: -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, tensor<8x4xf32>)
// CHECK-NOT: stablehlo.subtract
sdy.mesh @mesh = <["a"=2, "c"=4]>
func.func @value_read_by_dead_if_dies_with_it(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}, %arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = stablehlo.subtract %arg0, %arg1 : tensor<8x4xf32>
  %c = stablehlo.constant dense<true> : tensor<i1>
  %1 = "stablehlo.if"(%c) ({
    stablehlo.return %0 : tensor<8x4xf32>
  }, {
    stablehlo.return %0 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  %2 = stablehlo.negate %1 : tensor<8x4xf32>
  %3 = stablehlo.multiply %arg0, %arg2 : tensor<8x4xf32>
  return %3, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Basic strategy: an axis any tensor of the op holds for another factor is not propagated,
// even when no tensor holds both factors: the update's need_replication dim holds "a", so the
// operand's "a" does not reach the result. meshjit checked only the factors sharing a tensor
// (extended campaign seed 20021).

// CHECK-LABEL: func.func {{(private )?}}@axis_held_for_another_factor_blocks(
// CHECK: stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @axis_held_for_another_factor_blocks(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg2: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %c: tensor<i32>) -> (tensor<8xf32>) {
  %1 = stablehlo.dynamic_update_slice %arg0, %arg2, %c : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
