// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 27a: a callee returning a manual computation's result whose out_sharding the user closed
// ([{}]) is resharded after the call to the call result's own sharding ("a", which does not
// divide the dim): only an out_sharding export made even is compared with the call result's
// sharding made even too (round25a-call-result-even-pipeline).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3xf32>, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}]> : tensor<3xf32>
// CHECK: %2 = stablehlo.maximum %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %3 = stablehlo.maximum %2, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<3xf32>) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<3xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%arg1: tensor<3xf32>) {
sdy.mesh @mesh = <["a"=8]>
func.func private @callee(%farg0: tensor<3xf32>) -> (tensor<3xf32>) {
  %mc = sdy.manual_computation(%farg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m: tensor<3xf32>) {
    %n = stablehlo.negate %m : tensor<3xf32>
    sdy.return %n : tensor<3xf32>
  } : (tensor<3xf32>) -> tensor<3xf32>
  return %mc : tensor<3xf32>
}
func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<3xf32>) {
  %c = func.call @callee(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
  %v = stablehlo.maximum %c, %c : tensor<3xf32>
  %w = stablehlo.maximum %v, %arg1 : tensor<3xf32>
  return %w : tensor<3xf32>
}

// -----

// Campaign 70019.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<16xf32> {
// CHECK: %0 = call @callee2(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x3xf32>) -> tensor<3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}]> : tensor<3xf32>
// CHECK: %2 = stablehlo.maximum %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %3 = sdy.constant dense<1> : tensor<i32>
// CHECK: %14 = stablehlo.sqrt %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<i32>) -> tensor<3xf32>
// CHECK: %5 = stablehlo.maximum %4, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{}]> : tensor<3xf32>
// CHECK: %7 = call @callee17(%6) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}]>]>} : (tensor<3xf32>) -> tensor<6xf32>
// CHECK: %8 = stablehlo.reshape %7 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<6xf32>) -> tensor<6x1xf32>
// CHECK: %9 = sdy.propagation_barrier %8 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<6x1xf32>
// CHECK: %10 = sdy.reshard %9 <@mesh, [{"a":(1)2}, {}]> : tensor<6x1xf32>
// CHECK: %11 = call @callee24(%10) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {}]>]>} : (tensor<6x1xf32>) -> tensor<6x1xf32>
// CHECK: %12 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<6x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee2(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<8x3xf32>) -> tensor<16x8x3xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%arg1: tensor<16x8x3xf32>) {
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %4 = stablehlo.custom_call @foo(%3) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=3} need_replication={i}, custom>} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee17(
// CHECK-SAME: %arg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<3xf32>
// CHECK: %2 = stablehlo.concatenate %arg0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a"}]> : tensor<6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee24(
// CHECK-SAME: %arg0: tensor<6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> (tensor<6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) {
// CHECK: %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} %arg0 : tensor<6x1xf32>
// CHECK: %1 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} %0 : tensor<6x1xf32>
sdy.mesh @mesh = <["a"=8], device_ids=[7, 3, 1, 5, 0, 4, 6, 2]>
func.func private @callee2(%farg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) -> (tensor<3xf32>) {
  %v3 = stablehlo.broadcast_in_dim %farg0, dims = [1, 2] : (tensor<8x3xf32>) -> tensor<16x8x3xf32>
  %mc8 = sdy.manual_computation(%v3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m4: tensor<16x8x3xf32>) {
    %c5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %v6 = stablehlo.reduce(%m4 init: %c5) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<16x8x3xf32>, tensor<f32>) -> tensor<3xf32>
    %v7 = stablehlo.custom_call @foo(%v6) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=3} need_replication={i}, custom>} : (tensor<3xf32>) -> tensor<3xf32>
    sdy.return %v7 : tensor<3xf32>
  } : (tensor<16x8x3xf32>) -> tensor<3xf32>
  return %mc8 : tensor<3xf32>
}
func.func private @callee17(%farg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1]>}) -> (tensor<6xf32>) {
  %i18 = stablehlo.iota dim = 0 : tensor<3xf32>
  %v19 = stablehlo.concatenate %farg0, %i18, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  return %v19 : tensor<6xf32>
}
func.func private @callee24(%farg0: tensor<6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {}]>}) -> (tensor<6x1xf32>) {
  %ob25 = stablehlo.optimization_barrier %farg0 : tensor<6x1xf32>
  %ob26 = stablehlo.optimization_barrier %ob25 : tensor<6x1xf32>
  return %ob26 : tensor<6x1xf32>
}
func.func @main(%arg1: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}, %arg15: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32>) {
  %call9 = func.call @callee2(%arg1) : (tensor<8x3xf32>) -> tensor<3xf32>
  %v10 = stablehlo.maximum %call9, %call9 : tensor<3xf32>
  %c11 = stablehlo.constant dense<1> : tensor<i32>
  %case12 = "stablehlo.case"(%c11) ({
    %v13 = stablehlo.sqrt %v10 : tensor<3xf32>
    %v14 = sdy.sharding_constraint %arg1 <@mesh, [{}, {}]> : tensor<8x3xf32>
    stablehlo.return %v13 : tensor<3xf32>
  }, {
    stablehlo.return %v10 : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %v16 = stablehlo.maximum %case12, %arg15 : tensor<3xf32>
  %call20 = func.call @callee17(%v16) : (tensor<3xf32>) -> tensor<6xf32>
  %v21 = stablehlo.reshape %call20 : (tensor<6xf32>) -> tensor<6x1xf32>
  %v22 = sdy.propagation_barrier %v21 allowed_direction=FORWARD : tensor<6x1xf32>
  %v23 = stablehlo.exponential %v22 : tensor<6x1xf32>
  %call27 = func.call @callee24(%v22) : (tensor<6x1xf32>) -> tensor<6x1xf32>
  %v28 = stablehlo.subtract %call27, %v23 : tensor<6x1xf32>
  %c29 = stablehlo.constant dense<1.000000e+00> : tensor<6x16xf32>
  %v30 = stablehlo.dot_general %call20, %c29, contracting_dims = [0] x [0] : (tensor<6xf32>, tensor<6x16xf32>) -> tensor<16xf32>
  return %v30 : tensor<16xf32>
}


// -----

// A callee returning its argument, whose sharding export made even ("b" on a dim of 4 becomes
// "b":(1)4): not resharded for that alone (campaign 46315, EXTENDED=1 WIDE=1).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg2: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"b":(1)4}, {}]> : tensor<4x8xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<4x8xf32>
// CHECK: %2 = stablehlo.tanh %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<4x8xf32>
// CHECK: %3 = call @callee8(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: %4 = stablehlo.reshape %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x4x2xf32>
// CHECK: %5 = sdy.constant dense<0> : tensor<i32>
// CHECK: %6 = stablehlo.dynamic_update_slice %4, %4, %5, %5, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<4x4x2xf32>, tensor<4x4x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x4x2xf32>
// CHECK: %7 = stablehlo.tanh %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : tensor<4x4x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee9(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) {
// CHECK-LABEL: func.func {{(private )?}}@callee8(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) {
// CHECK: %0 = call @callee9(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8], device_ids=[5, 1, 4, 12, 6, 15, 3, 11, 10, 2, 9, 8, 7, 13, 14, 0]>
func.func private @callee9(%farg0: tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  %v10 = stablehlo.slice %farg0 [2:4:2, 4:7] : (tensor<4x8xf32>) -> tensor<1x3xf32>
  %v11 = stablehlo.convert %v10 : (tensor<1x3xf32>) -> tensor<1x3xbf16>
  return %farg0 : tensor<4x8xf32>
}
func.func private @callee8(%farg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}], replicated={"a"}>}) -> (tensor<4x8xf32>) {
  %call12 = func.call @callee9(%farg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %call12 : tensor<4x8xf32>
}
func.func @main(%arg1: tensor<3x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {}], replicated={"b"}>}, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg6: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}p1]>}) -> (tensor<4x4x2xf32>) {
  %v3 = stablehlo.negate %arg2 : tensor<4x8xf32>
  %v4 = stablehlo.tanh %v3 : tensor<4x8xf32>
  %v5 = stablehlo.transpose %v3, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %v7 = "stablehlo.scatter"(%v5, %arg6, %v3) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.subtract %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x4xf32>, tensor<4x1xi32>, tensor<4x8xf32>) -> tensor<8x4xf32>
  %call13 = func.call @callee8(%arg2) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v14 = stablehlo.reshape %v4 : (tensor<4x8xf32>) -> tensor<4x4x2xf32>
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_update_slice %v14, %v14, %c15, %c15, %c15 : (tensor<4x4x2xf32>, tensor<4x4x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x4x2xf32>
  %v17 = stablehlo.tanh %v16 : tensor<4x4x2xf32>
  return %v17 : tensor<4x4x2xf32>
}

