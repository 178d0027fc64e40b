// RUN: meshjit-opt %s -split-input-file --meshjit-propagate | FileCheck %s

// meshjit's own mode, a sharding group across meshes (session 39): a member annotated fully
// open on another mesh says only its mesh; the group's sharding replaces it whole, as Shardy's
// group sync does, so the member and the add it feeds are sharded (they stayed unsharded, the
// group holding two meshes).
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2], device_ids=[1, 0]>
// CHECK-LABEL: func.func @open_member_on_another_mesh_takes_the_group
// CHECK-SAME: %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}
// CHECK: stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>}
func.func @open_member_on_another_mesh_takes_the_group(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}p1, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// A fully open member on the group's own mesh keeps it (nothing moves).
sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-LABEL: func.func @open_member_on_the_group_mesh
// CHECK-SAME: %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}
// CHECK: stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>}
func.func @open_member_on_the_group_mesh(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<4x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
