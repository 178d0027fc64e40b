// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 31a: hand cases of session 37 (Shardy's pipeline), each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py. Themes and case counts:
//   call results resharded to a declared callee result (campaign 73672)   3
// A callee declares a result sharding ("c" on a dim of 1) its returned argument never had ("b" from the caller): export makes both even (unsharded), and the call result is resharded to the declared "c" before the group's "b" (campaign 73672, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee28(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee30(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK-LABEL: func.func {{(private )?}}@callee28(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b"}]> : tensor<8x1xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<8x1xf32>
// CHECK: %2 = call @callee30(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"c"}]> : tensor<8x1xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{}, {"b"}]> : tensor<8x1xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2, "d"=2]>
func.func private @callee30(%farg0: tensor<8x1xf32>) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
  return %farg0 : tensor<8x1xf32>
}
func.func private @callee28(%farg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}]>}) -> (tensor<8x1xf32>) {
  %call34 = func.call @callee30(%farg0) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  sdy.sharding_group %call34 group_id=0 : tensor<8x1xf32>
  sdy.sharding_group %farg0 group_id=0 : tensor<8x1xf32>
  return %call34 : tensor<8x1xf32>
}
func.func @main(%arg1: tensor<8x1xf32>) -> (tensor<8x1xf32>) {
  %call35 = func.call @callee28(%arg1) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  return %call35 : tensor<8x1xf32>
}

// -----

// The same without a group: the call result's user (a negate) reads it resharded to the declared "c".
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee30(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"c"}]> : tensor<8x1xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee30(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2, "d"=2]>
func.func private @callee30(%farg0: tensor<8x1xf32>) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
  return %farg0 : tensor<8x1xf32>
}
func.func @main(%arg1: tensor<8x1xf32>  {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}]>}) -> (tensor<8x1xf32>) {
  %call35 = func.call @callee30(%arg1) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  %v = stablehlo.negate %call35 : tensor<8x1xf32>
  return %v : tensor<8x1xf32>
}

// -----

// A declared callee result ("b" on a dim of 2) its returned argument has too: both made even to "b":(1)2, no reshard after the call.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b":(1)2}]> : tensor<8x2xf32>
// CHECK: %1 = call @callee30(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(1)2}]>]>} : (tensor<8x2xf32>) -> tensor<8x2xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee30(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}]>}) {
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2, "d"=2]>
func.func private @callee30(%farg0: tensor<8x2xf32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  return %farg0 : tensor<8x2xf32>
}
func.func @main(%arg1: tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  %call35 = func.call @callee30(%arg1) : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %v = stablehlo.negate %call35 : tensor<8x2xf32>
  return %v : tensor<8x2xf32>
}
