// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 42a: hand-written Shardy-style cases of session 42 (issue 19), one category per group of
// cases (named in the comment above each); all agreed with jaxlib's Shardy when written (the
// same inputs under the basic, aggressive and priority passes agreed too).

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@move_to_host_chain(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
// CHECK: %1 = stablehlo.custom_call @MoveToHost(%0) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK: %2 = stablehlo.custom_call @MoveToDevice(%1) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {}]> : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @move_to_host_chain(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<16x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  %1 = stablehlo.custom_call @MoveToHost(%0) {backend_config = ""} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = stablehlo.custom_call @MoveToDevice(%1) {backend_config = ""} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{"b", ?}, {?}]> : tensor<16x16xf32>
  return %3 : tensor<16x16xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@token_passes(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, !stablehlo.token) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @token_passes(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<16x8xf32>, !stablehlo.token) {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = stablehlo.after_all %arg1 : !stablehlo.token
  return %0, %1 : tensor<16x8xf32>, !stablehlo.token
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@scalar_and_broadcast(
// CHECK-SAME: %arg0: tensor<f32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<f32>) -> tensor<16x8xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @scalar_and_broadcast(%arg0: tensor<f32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %1 = stablehlo.multiply %0, %arg1 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@select_with_broadcast_pred(
// CHECK-SAME: %arg0: tensor<16x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xi1>, tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @select_with_broadcast_pred(%arg0: tensor<16x8xi1>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16x8xi1>, tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@bitcast_convert_narrow(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8x2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) {
// CHECK: %0 = stablehlo.bitcast_convert %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}, {}]>]>} : (tensor<16x8xf32>) -> tensor<16x8x2xbf16>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @bitcast_convert_narrow(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8x2xbf16> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<16x8xf32>) -> tensor<16x8x2xbf16>
  return %0 : tensor<16x8x2xbf16>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@dus_and_slice(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<i32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dus_and_slice(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x8xf32>, %i: tensor<i32>) -> tensor<16x8xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %i, %i : (tensor<16x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
