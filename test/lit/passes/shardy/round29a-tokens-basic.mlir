// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 29a: tokens beside tensors in loops, cases, barriers, manual computations and calls (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
// A token carried by a loop next to a sharded tensor: the bare passes (no data-flow edges) gave the token's region argument no slot and crashed; Shardy shards the tensor and leaves the token.
// CHECK-LABEL: func.func {{(private )?}}@token_through_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %i = %c) : tensor<8x8xf32>, !stablehlo.token, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %iterArg : tensor<8x8xf32>
    %2 = stablehlo.after_all %iterArg_0 : !stablehlo.token
    %3 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2, %3 : tensor<8x8xf32>, !stablehlo.token, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// A token first among a loop's values, the sharding coming from the func result.
// CHECK-LABEL: func.func {{(private )?}}@token_first_in_while(
// CHECK-SAME: %arg0: !stablehlo.token, %arg1: tensor<8x8xf32>) -> (!stablehlo.token, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %arg1, %iterArg_2 = %c) : !stablehlo.token, tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"b", ?}, {?}]>, <@mesh, []>]>}
// CHECK: %1 = stablehlo.exponential %iterArg_1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_first_in_while(%arg0: !stablehlo.token, %arg1: tensor<8x8xf32>) -> (!stablehlo.token, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%t = %arg0, %x = %arg1, %i = %c) : !stablehlo.token, tensor<8x8xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.exponential %x : tensor<8x8xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %t, %1, %2 : !stablehlo.token, tensor<8x8xf32>, tensor<i32>
  }
  return %0#0, %0#1 : !stablehlo.token, tensor<8x8xf32>
}

// -----

// A token returned by both branches of a case beside a tensor one branch shards.
// CHECK-LABEL: func.func {{(private )?}}@token_through_case(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg2: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
// CHECK: %2 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_case(%arg0: tensor<i32>, %arg1: tensor<8x8xf32>, %arg2: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = "stablehlo.case"(%arg0) ({
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
    stablehlo.return %1, %arg2 : tensor<8x8xf32>, !stablehlo.token
  }, {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = stablehlo.after_all %arg2 : !stablehlo.token
    stablehlo.return %1, %2 : tensor<8x8xf32>, !stablehlo.token
  }) : (tensor<i32>) -> (tensor<8x8xf32>, !stablehlo.token)
  %3 = stablehlo.add %0#0, %0#0 : tensor<8x8xf32>
  return %3, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// An optimization barrier over a tensor and a token.
// CHECK-LABEL: func.func {{(private )?}}@token_through_barrier(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, !stablehlo.token
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// A token through a manual computation beside a tensor.
// CHECK-LABEL: func.func {{(private )?}}@token_through_manual(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: !stablehlo.token) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, !stablehlo.token) {
// CHECK: %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>, <@mesh, []>] manual_axes={"a"} (%arg2: tensor<4x8xf32>, %arg3: !stablehlo.token) {
// CHECK: %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a", ?}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @token_through_manual(%arg0: tensor<8x8xf32>, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, []>] manual_axes={"a"} (%x: tensor<4x8xf32>, %t: !stablehlo.token) {
    %1 = stablehlo.negate %x : tensor<4x8xf32>
    sdy.return %1, %t : tensor<4x8xf32>, !stablehlo.token
  } : (tensor<8x8xf32>, !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
  %2 = sdy.sharding_constraint %0#0 <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
  return %2, %0#1 : tensor<8x8xf32>, !stablehlo.token
}

// -----

// A token passed to a callee and returned, with a tensor.
// CHECK-LABEL: func.func {{(private )?}}@callee_with_token(
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @callee_with_token(%arg0: tensor<8x8xf32>, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.after_all %arg1 : !stablehlo.token
  return %0, %1 : tensor<8x8xf32>, !stablehlo.token
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token) {
  %0:2 = call @callee_with_token(%arg0, %arg1) : (tensor<8x8xf32>, !stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
  %1 = stablehlo.add %0#0, %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, !stablehlo.token
}
