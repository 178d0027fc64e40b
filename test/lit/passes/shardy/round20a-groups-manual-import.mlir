// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20a: Shardy's import applies a manual computation's fully closed in_sharding to its
// operand even when the operand is in a sharding group with an annotated member (the group's
// import runs after sdy-apply-sharding-constraints): the members then disagree, each gets an
// open constraint, and the export reshards the maximum's replicated result into the group's
// sharding before the manual computation. meshjit left the grouped operand to its group, so
// the maximum took the argument's sharding (campaign seed 22089).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"c"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %1 = stablehlo.maximum %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"c"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg2: tensor<8x8xf32>) {
// CHECK: sdy.return %5 : tensor<8x8xf32>
// CHECK: %4 = stablehlo.slice %3 [0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.maximum %arg0, %arg1 : tensor<8x8xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%m: tensor<8x8xf32>) {
    %2 = stablehlo.abs %m : tensor<8x8xf32>
    sdy.return %2 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<16x8xf32>
  sdy.sharding_group %0 group_id=1 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=1 : tensor<8x8xf32>
  %3 = stablehlo.slice %1 [0:8, 0:8] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
