// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): a sharding group's members take
// one member's whole sharding, its replicated axes too (meshjit copied the dims only), and no
// member then gains a replicated axis.

// CHECK-LABEL: func.func {{(private )?}}@group_shares_replicated_axes(
// CHECK-SAME: %arg0: tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}], replicated={"a"}>}) -> (tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.multiply %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {}], replicated={"a"}>]>} : tensor<2x12xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<2x12xf32>
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<2x12xf32>
// CHECK: %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<2x12xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @group_shares_replicated_axes(%arg0: tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}], replicated={"a"}>}) -> tensor<2x12xf32> {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x12xf32>
  sdy.sharding_group %0 group_id=0 : tensor<2x12xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<2x12xf32>
  %1 = stablehlo.exponential %0 : tensor<2x12xf32>
  return %1 : tensor<2x12xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_replicated_axis_not_added(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @group_replicated_axis_not_added(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_fully_open_replicated_not_shared(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a"}>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @group_fully_open_replicated_not_shared(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a"}>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_closed_and_replicated_shared(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"b"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], replicated={"b"}>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @group_closed_and_replicated_shared(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"b"}>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg1 : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A manual computation's body argument holds its in_sharding without the manual axes from the
// start: a group shares that (here closed and empty) with its other members.
// CHECK-LABEL: func.func {{(private )?}}@group_shares_manual_body_argument_sharding(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x2xf32>) {
// CHECK: %1 = stablehlo.sqrt %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x2xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<4x2xf32>
// CHECK: sdy.sharding_group %arg1 group_id=0 : tensor<4x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @group_shares_manual_body_argument_sharding(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x2xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%m: tensor<4x2xf32>) {
    %1 = stablehlo.sqrt %m : tensor<4x2xf32>
    sdy.sharding_group %1 group_id=0 : tensor<4x2xf32>
    sdy.sharding_group %m group_id=0 : tensor<4x2xf32>
    sdy.return %1 : tensor<4x2xf32>
  } : (tensor<8x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
