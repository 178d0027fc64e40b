// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 19a: Shardy's op-priority pass erases a transitively dead op as its greedy driver
// reaches it, as the aggressive pass does: an elementwise op whose operand nothing else reads
// runs in the first stage and propagates before its dead user goes (meshjit erased dead ops
// before propagating); one that waits for a later stage (its operand has another use) is
// gone by then: a stage's driver erases every dead op (campaign seed 22138, partly).

// CHECK-LABEL: func.func {{(private )?}}@dead_op_runs_in_first_stage(
// CHECK-SAME: %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}, %arg1: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}, %arg2: tensor<8xf32>) -> tensor<8xf32> {
sdy.mesh @mesh = <["a"=4, "b"=8, "c"=2]>
func.func @dead_op_runs_in_first_stage(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}, %arg1: tensor<6xf32>, %arg2: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.maximum %arg0, %arg1 : tensor<6xf32>
  %1 = stablehlo.abs %0 : tensor<6xf32>
  %2 = stablehlo.negate %arg2 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dead_op_waiting_for_a_later_stage(
// CHECK-SAME: %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}, %arg1: tensor<6xf32>) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=8, "c"=2]>
func.func @dead_op_waiting_for_a_later_stage(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}, %arg1: tensor<6xf32>) -> tensor<6xf32> {
  %0 = stablehlo.maximum %arg0, %arg1 : tensor<6xf32>
  %1 = stablehlo.abs %0 : tensor<6xf32>
  return %arg0 : tensor<6xf32>
}
