// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: Shardy's import makes a manual computation's fully closed in_sharding on a
// data-flow edge's value (a callee's unannotated argument, a loop body's argument, a call's
// result whose callee result has no sharding) a sharding constraint right after the value that
// every use reads, not the manual computation alone (export makes it a reshard). So the
// value's other users read the in_sharding, even when the manual computation is dead
// (campaign 61226).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {"a"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = call @dead_manual_on_callee_argument(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}]>]>} : (tensor<4x12xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func {{(private )?}}@dead_manual_on_callee_argument(
// CHECK-SAME: %arg0: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {"a"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<4x12xf32>
// CHECK: %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %2 = stablehlo.reduce(%0 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<4x12xf32>, tensor<f32>) -> tensor<4xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func private @dead_manual_on_callee_argument(%farg0: tensor<4x12xf32>) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
  %mc7 = sdy.manual_computation(%farg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"b", ?}, {}]>] manual_axes={"b"} (%m3: tensor<4x12xf32>) {
    sdy.return %m3 : tensor<4x12xf32>
  } : (tensor<4x12xf32>) -> tensor<32x12xf32>
  %c8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v9 = stablehlo.reduce(%farg0 init: %c8) applies stablehlo.maximum across dimensions = [1] : (tensor<4x12xf32>, tensor<f32>) -> tensor<4xf32>
  return %v9 : tensor<4xf32>
}
func.func @main(%arg1: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}p3, {"a"}]>}) -> (tensor<4xf32>) {
  %call10 = func.call @dead_manual_on_callee_argument(%arg1) : (tensor<4x12xf32>) -> tensor<4xf32>
  return %call10 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_on_loop_argument(
// CHECK-SAME: %arg0: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {"a"}]>}) -> (tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<4x12xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %3 = sdy.reshard %iterArg <@mesh, [{"a"}, {}]> : tensor<4x12xf32>
// CHECK: %4 = sdy.manual_computation(%3) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"b", "a"}, {}]>] manual_axes={"b"} (%arg1: tensor<4x12xf32>) {
// CHECK: %5 = stablehlo.slice %4 [0:4, 0:12] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<32x12xf32>) -> tensor<4x12xf32>
// CHECK: %6 = stablehlo.exponential %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<4x12xf32>
// CHECK: %7 = stablehlo.multiply %6, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<4x12xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func @manual_on_loop_argument(%arg1: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}p3, {"a"}]>}) -> (tensor<4x12xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg1, %i = %c0) : tensor<4x12xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %mc7 = sdy.manual_computation(%it) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"b", ?}, {}]>] manual_axes={"b"} (%m3: tensor<4x12xf32>) {
      sdy.return %m3 : tensor<4x12xf32>
    } : (tensor<4x12xf32>) -> tensor<32x12xf32>
    %s = stablehlo.slice %mc7 [0:4, 0:12] : (tensor<32x12xf32>) -> tensor<4x12xf32>
    %e = stablehlo.exponential %it : tensor<4x12xf32>
    %m = stablehlo.multiply %e, %s : tensor<4x12xf32>
    stablehlo.return %m, %i : tensor<4x12xf32>, tensor<i32>
  }
  return %w#0 : tensor<4x12xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {"a"}]>}) -> (tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<32x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}]>}) {
// CHECK: %0 = call @manual_on_call_result(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}, {"a"}]>]>} : (tensor<4x12xf32>) -> tensor<4x12xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}, {}]> : tensor<4x12xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x12xf32>
// CHECK: %3 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"b", "a"}, {}]>] manual_axes={"b"} (%arg1: tensor<4x12xf32>) {
// CHECK: %4 = stablehlo.tanh %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x12xf32>
// CHECK: %5 = stablehlo.add %2, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x12xf32>
// CHECK-LABEL: func.func {{(private )?}}@manual_on_call_result(
// CHECK-SAME: %arg0: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {"a"}]>}) -> (tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {"a"}]>}) {
// CHECK: %0 = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}, {"a"}]>]>} : tensor<4x12xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func private @manual_on_call_result(%farg0: tensor<4x12xf32>) -> (tensor<4x12xf32>) {
  %e = stablehlo.exponential %farg0 : tensor<4x12xf32>
  return %e : tensor<4x12xf32>
}
func.func @main(%arg1: tensor<4x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}p3, {"a"}]>}) -> (tensor<4x12xf32>, tensor<32x12xf32>) {
  %call10 = func.call @manual_on_call_result(%arg1) : (tensor<4x12xf32>) -> (tensor<4x12xf32>)
  %n = stablehlo.negate %call10 : tensor<4x12xf32>
  %mc7 = sdy.manual_computation(%call10) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"b", ?}, {}]>] manual_axes={"b"} (%m3: tensor<4x12xf32>) {
    sdy.return %m3 : tensor<4x12xf32>
  } : (tensor<4x12xf32>) -> tensor<32x12xf32>
  %t = stablehlo.tanh %call10 : tensor<4x12xf32>
  %a = stablehlo.add %n, %t : tensor<4x12xf32>
  return %a, %mc7 : tensor<4x12xf32>, tensor<32x12xf32>
}
