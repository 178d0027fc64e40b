// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20a: in Shardy's pipeline a pass-through op whose operand a dead op after it also
// reads waits for the first stage's other ops, so the constraint gives the transpose its
// sharding (campaign seed 23060). (Round 23a: the pipeline counts a dead op as a use until the
// driver reaches it, as the priority passes do, and still erases dead ops before propagating;
// seeds 60041 and 60151 keep agreeing.)
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
