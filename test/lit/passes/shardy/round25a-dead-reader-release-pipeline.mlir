// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 25a: Shardy's greedy driver, erasing a dead op, visits again the op defining each of
// its operands left with one use; in the first op-priority stage such an op (held back while a
// dead reader after it still read its operand) passes its sharding through then, and the ops
// it wakes do too, before a later manual computation's in_sharding reaches them (campaign
// 63264).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}, {}]>}) -> (tensor<4x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {}, {"a"}]>}, tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"b"}, {}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}, {}]>]>} : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
// CHECK: %1 = stablehlo.tanh %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"d"}, {}]>]>} : tensor<4x4x1xf32>
// CHECK: %2 = stablehlo.transpose %1, dims = [1, 0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {}]>]>} : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a", "c"}, {"b"}, {}]>] out_shardings=[<@mesh, [{"b", "c"}, {}, {"a"}]>] manual_axes={"a", "b"} (%arg1: tensor<2x2x1xf32>) {
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}, {}]>}) -> (tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}, {}]>]>} : tensor<4x4x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>
func.func private @callee(%arg0: tensor<4x4x1xf32>) -> (tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", ?}, {?}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<4x4x1xf32>
  return %0 : tensor<4x4x1xf32>
}
func.func @main(%arg0: tensor<4x4x1xf32>) -> (tensor<4x2x2xf32>, tensor<4x4x1xf32>) {
  %0 = func.call @callee(%arg0) : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
  %1 = stablehlo.tanh %0 : tensor<4x4x1xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0, 2] : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
  %3 = stablehlo.custom_call @foo(%0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=4, j=4, k=1}, custom>} : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
  %4 = stablehlo.reshape %1 : (tensor<4x4x1xf32>) -> tensor<4x4xf32>
  %5 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a", "c"}, {"b", ?}, {}]>] out_shardings=[<@mesh, [{"b", ?}, {?}, {"a", ?}]>] manual_axes={"a", "b"} (%arg1: tensor<2x2x1xf32>) {
    sdy.return %arg1 : tensor<2x2x1xf32>
  } : (tensor<4x4x1xf32>) -> tensor<4x2x2xf32>
  return %5, %2 : tensor<4x2x2xf32>, tensor<4x4x1xf32>
}

// -----

// Only the second dead reader holds the tanh back: its erasure releases it.

// CHECK-LABEL: func.func {{(private )?}}@released_at_the_later_reader(
// CHECK-SAME: %arg0: tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"d"}, {}]>}) -> (tensor<4x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {}, {"a"}]>}, tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"b"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"d"}, {}]>]>} : tensor<4x4x1xf32>
// CHECK: %1 = stablehlo.tanh %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"d"}, {}]>]>} : tensor<4x4x1xf32>
// CHECK: %2 = stablehlo.transpose %1, dims = [1, 0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {}]>]>} : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a", "c"}, {"b"}, {}]>] out_shardings=[<@mesh, [{"b", "c"}, {}, {"a"}]>] manual_axes={"a", "b"} (%arg1: tensor<2x2x1xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>
func.func @released_at_the_later_reader(%arg0: tensor<4x4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"d", ?}, {?}]>}) -> (tensor<4x2x2xf32>, tensor<4x4x1xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<4x4x1xf32>
  %1 = stablehlo.tanh %0 : tensor<4x4x1xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0, 2] : (tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
  %3 = stablehlo.abs %0 : tensor<4x4x1xf32>
  %4 = stablehlo.reshape %1 : (tensor<4x4x1xf32>) -> tensor<4x4xf32>
  %5 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"a", "c"}, {"b", ?}, {}]>] out_shardings=[<@mesh, [{"b", ?}, {?}, {"a", ?}]>] manual_axes={"a", "b"} (%arg1: tensor<2x2x1xf32>) {
    sdy.return %arg1 : tensor<2x2x1xf32>
  } : (tensor<4x4x1xf32>) -> tensor<4x2x2xf32>
  return %5, %2 : tensor<4x2x2xf32>, tensor<4x4x1xf32>
}
