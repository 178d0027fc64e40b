// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: in Shardy's pipeline too, a sharding group member on a maximal mesh (one device)
// takes the sharding another member propagated on a mesh (the group sync replaces it), and
// propagates from then on (campaign 65262; round23a-maximal-groups is the bare passes' case).

// CHECK-LABEL: func.func {{(private )?}}@maximal_member_takes_the_group_mesh(
// CHECK-SAME: %arg0: tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {}]>}) -> (tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}, {}]>]>} : tensor<16x32x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}, {}]>]>} : tensor<16x32x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"b"}, {}]> : tensor<16x32x8xf32>
sdy.mesh @mesh = <["b"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[2]>
func.func @maximal_member_takes_the_group_mesh(%arg2: tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) -> (tensor<16x32x8xf32>) {
  %v4 = sdy.propagation_barrier %arg2 allowed_direction=NONE : tensor<16x32x8xf32>
  sdy.sharding_group %v4 group_id=1 : tensor<16x32x8xf32>
  sdy.sharding_group %arg2 group_id=1 : tensor<16x32x8xf32>
  %v5 = stablehlo.negate %v4 : tensor<16x32x8xf32>
  %v6 = sdy.sharding_constraint %v5 <@mesh, [{}, {"b"}, {}]> : tensor<16x32x8xf32>
  return %v6 : tensor<16x32x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@maximal_member_propagates_after(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %1 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %2 = stablehlo.multiply %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"c"}, {"b"}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["b"=2, "c"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[1]>
func.func @maximal_member_propagates_after(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %v = stablehlo.negate %arg0 : tensor<16x8xf32>
  sdy.sharding_group %v group_id=3 : tensor<16x8xf32>
  sdy.sharding_group %arg0 group_id=3 : tensor<16x8xf32>
  %w = stablehlo.abs %arg0 : tensor<16x8xf32>
  %u = stablehlo.multiply %v, %v : tensor<16x8xf32>
  %s = sdy.sharding_constraint %u <@mesh, [{"c"}, {"b"}]> : tensor<16x8xf32>
  return %s, %w : tensor<16x8xf32>, tensor<16x8xf32>
}
