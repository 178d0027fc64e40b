// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 16 (random MLIR campaign): Shardy's pipeline applies a closed constraint to a value
// without a sharding even when the value is in a sharding group (its group import runs after),
// and then its group import adds open constraints when the members' shardings differ; a fully
// open member says nothing there. meshjit kept the constraint off grouped values and imported
// groups first (campaign seed 9095).

// CHECK-LABEL: func.func {{(private )?}}@constraint_applies_to_grouped_value(
// CHECK-SAME: %arg0: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}]> : tensor<32x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<32x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"b"}]> : tensor<32x4xf32>
// CHECK: %3 = stablehlo.add %2, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<32x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @constraint_applies_to_grouped_value(%arg0: tensor<32x4xf32>, %arg1: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<32x4xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<32x4xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<32x4xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<32x4xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<32x4xf32>
  return %1 : tensor<32x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@fully_open_group_member_says_nothing(
// CHECK-SAME: %arg0: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b"}]> : tensor<32x4xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<32x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @fully_open_group_member_says_nothing(%arg0: tensor<32x4xf32>, %arg1: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<32x4xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<32x4xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<32x4xf32>
  %g = stablehlo.negate %arg1 : tensor<32x4xf32>
  %h = sdy.sharding_constraint %g <@mesh, [{?}, {?}]> : tensor<32x4xf32>
  sdy.sharding_group %h group_id=0 : tensor<32x4xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<32x4xf32>
  return %1 : tensor<32x4xf32>
}
