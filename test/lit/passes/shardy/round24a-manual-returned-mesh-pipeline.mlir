// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: the value a manual computation's body returns is not put on the out_sharding's
// mesh before propagation: in Shardy it takes what reaches it, here a case result takes its
// branches' sharding on another mesh (campaign 62167).

// CHECK-LABEL: func.func {{(private )?}}@returned_value_on_another_mesh(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %3 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}]>]>} : tensor<4xf32>
// CHECK: %3 = sdy.reshard %arg1 <@mesh1, [{"c"}]> : tensor<4xf32>
// CHECK: %4 = stablehlo.sqrt %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}]>]>} : tensor<4xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}]>]>} : (tensor<i32>) -> tensor<4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh1 = <["a"=2, "c"=4]>
func.func @returned_value_on_another_mesh(%arg0: tensor<8xf32>) -> (tensor<8xf32>) {
  %mc = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%m: tensor<4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %case = "stablehlo.case"(%c) ({
      %v10 = stablehlo.abs %m : tensor<4xf32>
      stablehlo.return %v10 : tensor<4xf32>
    }, {
      %v11 = sdy.sharding_constraint %m <@mesh1, [{"c"}]> : tensor<4xf32>
      %v12 = stablehlo.sqrt %v11 : tensor<4xf32>
      stablehlo.return %v12 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    sdy.return %case : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %mc : tensor<8xf32>
}
