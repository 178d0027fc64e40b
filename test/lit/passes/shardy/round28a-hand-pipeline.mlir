// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 28a: hand cases and campaign findings of session 34 (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
// A closed constraint that is the only user (a dead multiply aside) of a sort's second result: Shardy's import gives that result the constraint's sharding and opens the first (campaign 46104, extended wide).
// CHECK-LABEL: func.func {{(private )?}}@constraint_on_one_result_of_sort(
// CHECK-SAME: %arg0: tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}, %arg1: tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}, {"a"}]>, <@mesh, [{}, {}, {}, {}]>]>} : (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>)
// CHECK: %1 = sdy.reshard %0#1 <@mesh, [{}, {}, {}, {}]> : tensor<2x8x6x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @constraint_on_one_result_of_sort(%arg0: tensor<2x8x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a", ?}]>}, %arg1: tensor<2x8x6x4xf32>) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%ka: tensor<f32>, %kb: tensor<f32>, %va: tensor<f32>, %vb: tensor<f32>):
    %kc = stablehlo.compare GT, %ka, %kb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %kc : tensor<i1>
  }) : (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>) -> (tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>)
  %1 = stablehlo.multiply %0#1, %0#1 : tensor<2x8x6x4xf32>
  %2 = sdy.sharding_constraint %0#1 <@mesh, [{}, {}, {}, {}]> : tensor<2x8x6x4xf32>
  %3 = stablehlo.negate %2 : tensor<2x8x6x4xf32>
  return %3, %0#0 : tensor<2x8x6x4xf32>, tensor<2x8x6x4xf32>
}

// -----

// A returned call result: the named computation's result takes the func result's axes first, then those of the callee's body that fit (dim 3, though the func result closes it); the call result is resharded to that (campaign 70547).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK: %1 = call @callee_of_returned_call(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"b":(1)2}, {"b":(2)2}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_of_returned_call(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : tensor<8x2x4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func private @callee_of_returned_call(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x2x4x8xf32>
  return %0 : tensor<8x2x4x8xf32>
}
func.func @main(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2, ?}, {"b":(2)2, ?}, {}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {?}, {"a":(2)4, ?}]> : tensor<8x2x4x8xf32>
  %1 = func.call @callee_of_returned_call(%0) : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
  return %1 : tensor<8x2x4x8xf32>
}

// -----

// As above with the func result's dim 2 at priority p3: the body's "b":(2)2 reaches dim 0 of the named computation's result before the p3 dim asks for it (campaign 70547).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK: %1 = call @callee_of_returned_call_p3(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b":(2)2}, {"b":(1)2}, {}, {"a":(2)4}]> : tensor<8x2x4x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_of_returned_call_p3(
// CHECK-SAME: %arg0: tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}, {"a":(1)2}, {}, {"a":(2)4}]>]>} : tensor<8x2x4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func private @callee_of_returned_call_p3(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x2x4x8xf32>
  return %0 : tensor<8x2x4x8xf32>
}
func.func @main(%arg0: tensor<8x2x4x8xf32>) -> (tensor<8x2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2, ?}, {"b":(2)2, ?}p3, {}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b":(2)2}, {"a":(1)2}, {?}, {"a":(2)4, ?}]> : tensor<8x2x4x8xf32>
  %1 = func.call @callee_of_returned_call_p3(%0) : (tensor<8x2x4x8xf32>) -> tensor<8x2x4x8xf32>
  return %1 : tensor<8x2x4x8xf32>
}
