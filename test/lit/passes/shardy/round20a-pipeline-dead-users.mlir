// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20a: in Shardy's pipeline a pass-through op whose operand a dead op after it also
// reads waits for the first stage's other ops, so the constraint gives the transpose its
// sharding (campaign seed 23060). Round 23b: the pipeline follows the priority passes' rule (a
// dead op goes only when the driver reaches it); seeds 60041 and 60151, which it broke in round
// 20a, agree too now that an optimization barrier's per-value edges ask about their own
// operands only (round23b-dying-ops-pipeline).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b"}, {"c"}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=1, "b"=4, "c"=4]>
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", "a"}]>}) {
  %v2 = stablehlo.transpose %arg1, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %v3 = stablehlo.sqrt %arg1 : tensor<8x16xf32>
  %v4 = sdy.sharding_constraint %v2 <@mesh, [{"b"}, {?}p2]> : tensor<8x16xf32>
  return %v4 : tensor<8x16xf32>
}
