// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 16 (random MLIR campaign): the data-flow edges Shardy's import gives a case (a loop,
// an optimization barrier) keep a dead one through propagation; its export merges equal
// constants into the first of them (the dead case's) and erases the dead case only at the end,
// so the constant the live case reads stands where the first one stood, before the reshard.
// meshjit erased the dead case and its constant first (campaign seeds 9072, 9267, 5115, 5130).

// CHECK-LABEL: func.func {{(private )?}}@dead_case_constant_merges_first(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.constant dense<1> : tensor<i32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<8xf32>
// CHECK: %3 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<i32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @dead_case_constant_merges_first(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = stablehlo.constant dense<1> : tensor<i32>
  %0 = "stablehlo.case"(%c0) ({
    stablehlo.return %arg0 : tensor<8xf32>
  }, {
    stablehlo.return %arg0 : tensor<8xf32>
  }) : (tensor<i32>) -> tensor<8xf32>
  %1 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]> : tensor<8xf32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %2 = "stablehlo.case"(%c1) ({
    stablehlo.return %1 : tensor<8xf32>
  }, {
    %3 = stablehlo.abs %1 : tensor<8xf32>
    stablehlo.return %3 : tensor<8xf32>
  }) : (tensor<i32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
