// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: a closed constraint that takes over a call result's uses leaves the result's
// sharding group on the result, so the group's import puts its own constraint first and the
// user's constraint reads it (the export reshards into the group's sharding, then into the
// constraint's; campaign 64098).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a", "b"}]> : tensor<16xf32>
// CHECK: %1 = call @group_keeps_call_result_before_constraint(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<16xf32>) -> tensor<16xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b"}]> : tensor<16xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a", "b"}]> : tensor<16xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{}]> : tensor<16xf32>
// CHECK: %5 = stablehlo.add %0, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<16xf32>
// CHECK-LABEL: func.func {{(private )?}}@group_keeps_call_result_before_constraint(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
// CHECK: %0 = stablehlo.sqrt %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) -> tensor<16xf32> {
  %0 = func.call @group_keeps_call_result_before_constraint(%arg0) : (tensor<16xf32>) -> tensor<16xf32>
  sdy.sharding_group %0 group_id=0 : tensor<16xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}]> : tensor<16xf32>
  %2 = stablehlo.add %arg0, %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}
func.func private @group_keeps_call_result_before_constraint(%arg0: tensor<16xf32>) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
  %0 = stablehlo.sqrt %arg0 : tensor<16xf32>
  return %0 : tensor<16xf32>
}
