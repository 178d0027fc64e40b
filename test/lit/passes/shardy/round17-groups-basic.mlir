// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 17 (random MLIR campaign): a manual computation's body argument holds its in_sharding
// without the manual axes, closed where the in_sharding is; a sharding group syncing it to
// another member gives that member the closed dims. meshjit's body argument started open, so
// the group reopened the other member (campaign seeds 30055, 30081, 30213, extended 20096;
// every propagation pass).

// CHECK-LABEL: func.func {{(private )?}}@group_member_of_manual_body_argument_closed(
// CHECK: stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}]>]>}
sdy.mesh @mesh = <["a"=8, "c"=4]>
func.func @group_member_of_manual_body_argument_closed(%arg0: tensor<24xf32>) -> tensor<192xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c"}]>] out_shardings=[<@mesh, [{"a", ?}]>] manual_axes={"a"} (%m: tensor<24xf32>) {
    %1 = stablehlo.negate %m : tensor<24xf32>
    sdy.sharding_group %1 group_id=0 : tensor<24xf32>
    sdy.sharding_group %m group_id=0 : tensor<24xf32>
    sdy.return %1 : tensor<24xf32>
  } : (tensor<24xf32>) -> tensor<192xf32>
  return %0 : tensor<192xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_member_of_manual_body_argument_open(
// CHECK: stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {?}]>]>}
sdy.mesh @mesh = <["a"=8, "c"=4, "d"=2]>
func.func @group_member_of_manual_body_argument_open(%arg0: tensor<24x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>}) -> tensor<192x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c"}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%m: tensor<24x8xf32>) {
    %1 = stablehlo.negate %m : tensor<24x8xf32>
    sdy.sharding_group %1 group_id=0 : tensor<24x8xf32>
    sdy.sharding_group %m group_id=0 : tensor<24x8xf32>
    sdy.return %1 : tensor<24x8xf32>
  } : (tensor<24x8xf32>) -> tensor<192x8xf32>
  return %0 : tensor<192x8xf32>
}

// -----

// A fully open constraint says nothing: the group's closed constraint gives it and the other
// members its sharding from the start. meshjit kept the open one, which the closed one's
// propagation then synced (open) onto every member (campaign seed 30253, every propagation
// pass).

// CHECK-LABEL: func.func {{(private )?}}@group_fully_open_constraint_takes_closed_member(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>})
// CHECK: %0 = sdy.sharding_constraint %arg0 <@mesh, [{"c"}]>
// CHECK-NEXT: %1 = sdy.sharding_constraint %0 <@mesh, [{"c"}]>
sdy.mesh @mesh = <["a"=2, "c"=4]>
func.func @group_fully_open_constraint_takes_closed_member(%arg1: tensor<8xf32>) -> (tensor<8xf32>) {
  %v2 = sdy.sharding_constraint %arg1 <@mesh, [{"c"}]> : tensor<8xf32>
  %v3 = sdy.sharding_constraint %v2 <@mesh, [{?}]> : tensor<8xf32>
  sdy.sharding_group %v2 group_id=0 : tensor<8xf32>
  sdy.sharding_group %v3 group_id=0 : tensor<8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<8xf32>
  return %v3 : tensor<8xf32>
}
