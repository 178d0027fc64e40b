// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 16 (random MLIR campaign, func.call cases): a callee's result is a named computation's
// result while Shardy propagates, so it keeps the sub-axis propagation put there ("b":(1)2
// from the slice's user); the call result is resharded back to it after the call. meshjit cut
// sub-axes off every func boundary, the callee's too, and resharded the call result to
// replicated (campaign seeds 9022, 9069, 9108, 9156, 9166, 9299).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<18x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {}]>}) -> (tensor<10x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a":(1)2}, {}]> : tensor<18x2xf32>
// CHECK: %1 = call @callee_keeps_sub_axis(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {}]>]>} : (tensor<18x2xf32>) -> tensor<18x2xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b":(1)2}, {}]> : tensor<18x2xf32>
// CHECK: %3 = stablehlo.slice %2 [3:13, 0:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2}, {"b":(2)2}]>]>} : (tensor<18x2xf32>) -> tensor<10x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_keeps_sub_axis(
// CHECK-SAME: %arg0: tensor<18x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> (tensor<18x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) {
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func private @callee_keeps_sub_axis(%arg0: tensor<18x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p3, {?}]>}) -> (tensor<18x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) {
  return %arg0 : tensor<18x2xf32>
}
func.func @main(%arg0: tensor<18x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {}]>}) -> (tensor<10x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {"b":(2)2, ?}]>}) {
  %0 = func.call @callee_keeps_sub_axis(%arg0) : (tensor<18x2xf32>) -> tensor<18x2xf32>
  %1 = stablehlo.slice %0 [3:13, 0:2] : (tensor<18x2xf32>) -> tensor<10x2xf32>
  return %1 : tensor<10x2xf32>
}

// -----

// A callee's argument is a named computation's argument while Shardy imports: a manual
// computation taking it gives it no sharding (as for a loop body's argument); the export
// reshards it to the fully closed in_sharding before the manual computation instead. meshjit
// gave the callee's argument the in_sharding (campaign seed 9272).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = call @callee_manual_on_argument(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_manual_on_argument(
// CHECK-SAME: %arg0: tensor<2xf32>) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<2xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a", "b"} (%arg1: tensor<2xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @callee_manual_on_argument(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a", "b"} (%arg1: tensor<2xf32>) {
    sdy.return %arg1 : tensor<2xf32>
  } : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @callee_manual_on_argument(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A call operand replicated on one mesh is not resharded to a callee argument replicated on
// another: nothing moves (Shardy's insert-func-call-reshards); meshjit compared the meshes too
// (campaign seed 9181).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<8xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_replicated_on_other_mesh(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> tensor<8xf32> {
sdy.mesh @mesh = <["a"=2]>
sdy.mesh @mesh1 = <["a"=4, "c"=2]>
func.func private @callee_replicated_on_other_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> tensor<8xf32> {
  %0 = stablehlo.exponential %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}]> : tensor<8xf32>
  %1 = func.call @callee_replicated_on_other_mesh(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A sharding listing a replicated axis (`replicated={"c"}`) and the same sharding without the
// list are one sharding (export drops the list): no reshard of the call operand to the callee's
// argument, none of the call result to the callee's result; meshjit compared the lists too
// (campaign seed 9248).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<4x2xf32>
// CHECK: %1 = call @middle(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_returns_listed_replicated(
// CHECK-SAME: %arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK-LABEL: func.func {{(private )?}}@middle(
// CHECK-SAME: %arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = call @callee_returns_listed_replicated(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func private @callee_returns_listed_replicated(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}], replicated={"c"}>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}]>}) {
  return %arg0 : tensor<4x2xf32>
}
func.func private @middle(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = func.call @callee_returns_listed_replicated(%arg0) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
func.func @main(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = stablehlo.abs %arg0 : tensor<4x2xf32>
  %1 = func.call @middle(%0) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}
