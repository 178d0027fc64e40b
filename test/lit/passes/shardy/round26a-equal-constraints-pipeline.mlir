// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: Shardy's import applies a closed constraint to a value that another constraint to
// the same sharding reads too (only a constraint or manual computation wanting something else
// stops it): on an argument it gives the argument that sharding, on a callee's argument (a
// named computation's) the first constraint takes over the other uses, the second one's too.

// CHECK-LABEL: func.func {{(private )?}}@two_equal_constraints(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=8]>
func.func @two_equal_constraints(%farg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %v3 = sdy.sharding_constraint %farg0 <@mesh, [{}]> : tensor<8xf32>
  %n = stablehlo.negate %v3 : tensor<8xf32>
  %v7 = sdy.sharding_constraint %farg0 <@mesh, [{}]> : tensor<8xf32>
  return %n, %v7 : tensor<8xf32>, tensor<8xf32>
}

// -----

// campaign 45452 (EXTENDED=1 WIDE=1): the first constraint in the callee feeds a manual
// computation
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<1x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee2(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
// CHECK: %2 = stablehlo.dynamic_slice %arg1, %1, %1, sizes = [2, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b", "a"}]>]>} : (tensor<2x1xi32>, tensor<i32>, tensor<i32>) -> tensor<2x1xi32>
// CHECK: %3 = stablehlo.transpose %2, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b", "a"}]>]>} : (tensor<2x1xi32>) -> tensor<2x1xi32>
// CHECK: %4 = stablehlo.transpose %3, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>} : (tensor<2x1xi32>) -> tensor<1x2xi32>
// CHECK-LABEL: func.func {{(private )?}}@callee2(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=8, "b"=8]>
func.func private @callee2(%farg0: tensor<8xf32>) -> (tensor<8xf32>) {
  %v3 = sdy.sharding_constraint %farg0 <@mesh, [{}]> : tensor<8xf32>
  %mc6 = sdy.manual_computation(%v3) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"a", "b"} (%m4: tensor<1xf32>) {
    %v5 = sdy.sharding_constraint %m4 <@mesh, [{}]> : tensor<1xf32>
    sdy.return %v5 : tensor<1xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %v7 = sdy.sharding_constraint %farg0 <@mesh, [{}]> : tensor<8xf32>
  return %v7 : tensor<8xf32>
}
func.func @main(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}]>}, %arg12: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)4, ?}p1, {"b"}]>}) -> (tensor<1x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %call8 = func.call @callee2(%arg1) : (tensor<8xf32>) -> tensor<8xf32>
  %c9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v10 = stablehlo.reduce(%call8 init: %c9) applies stablehlo.maximum across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %v11 = stablehlo.reshape %call8 : (tensor<8xf32>) -> tensor<4x2xf32>
  %v13 = "stablehlo.gather"(%v11, %arg12) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 4, 1>} : (tensor<4x2xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  %v14 = stablehlo.maximum %v13, %v13 : tensor<2x4xf32>
  %c15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v16 = stablehlo.reduce(%v14 init: %c15) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
  %c17 = stablehlo.constant dense<0> : tensor<i32>
  %v18 = stablehlo.dynamic_slice %arg12, %c17, %c17, sizes = [2, 1] : (tensor<2x1xi32>, tensor<i32>, tensor<i32>) -> tensor<2x1xi32>
  %c19 = stablehlo.constant dense<1> : tensor<i32>
  %case20 = "stablehlo.case"(%c19) ({
    %v21 = stablehlo.cosine %v11 : tensor<4x2xf32>
    stablehlo.return %v16 : tensor<4xf32>
  }, {
    %v22 = sdy.sharding_constraint %v18 <@mesh, [{}, {"b", "a"}]> : tensor<2x1xi32>
    %v23 = stablehlo.cosine %v11 : tensor<4x2xf32>
    stablehlo.return %v16 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  %v24 = stablehlo.transpose %v18, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x1xi32>
  %v25 = stablehlo.abs %case20 : tensor<4xf32>
  %v26 = stablehlo.transpose %v24, dims = [1, 0] : (tensor<2x1xi32>) -> tensor<1x2xi32>
  return %v26 : tensor<1x2xi32>
}
