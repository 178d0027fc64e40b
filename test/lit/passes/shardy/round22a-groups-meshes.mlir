// SHARDY: sdy-user-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 22a: sharding groups across meshes (campaign 60182). A group sync replaces a member's
// sharding whatever mesh the member was on; a member whose only annotation is a priority on an
// open, empty dim (held back for its round) says nothing, so the group does not share it at the
// start; members on meshes of equal definitions (different names) are one group, not an error.

// CHECK-LABEL: func.func {{(private )?}}@group_sync_replaces_another_mesh(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<4x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
// CHECK: sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2], device_ids=[1, 0]>
func.func @group_sync_replaces_another_mesh(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}, {?}], replicated={"a"}>}) -> tensor<4x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@open_held_dim_on_another_mesh_is_not_shared(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<4x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
// CHECK: sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2], device_ids=[1, 0]>
func.func @open_held_dim_on_another_mesh_is_not_shared(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}p1, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_on_equal_meshes(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"b", ?}, {"a", ?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) {
// CHECK: %0 = sdy.sharding_constraint %arg1 <@mesh, [{"b", ?}, {"a", ?}]> : tensor<4x8xf32>
// CHECK: %1 = sdy.sharding_constraint %arg0 <@mesh, [{"b", ?}, {"a", ?}]> : tensor<4x8xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<4x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<4x8xf32>
// CHECK: %3 = stablehlo.add %2, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2]>
func.func @group_on_equal_meshes(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}, {"a", ?}]>}) -> tensor<4x8xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<4x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
  %0 = stablehlo.negate %arg0 : tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
