// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: Shardy's import replicates the manual axes a manual computation's in_sharding
// leaves unused (sdy-manual-axes-cleanup) before it applies the in_sharding to the operand: a
// sharding group of the operand and a value constrained to replicate those axes then agrees;
// a group compares a manual computation's result as its out_sharding replicating them too.

// CHECK-LABEL: func.func {{(private )?}}@manual_in_sharding_replicates_manual_axes(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"b"} (%arg1: tensor<8xf32>) {
// CHECK: %1 = stablehlo.sqrt %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %3 = stablehlo.add %2, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK: %4 = stablehlo.add %3, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @manual_in_sharding_replicates_manual_axes(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
  %mc = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"b"} (%m: tensor<8xf32>) {
    %n = stablehlo.negate %m : tensor<8xf32>
    sdy.return %n : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %0 = stablehlo.sqrt %arg0 : tensor<8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}], replicated={"b"}> : tensor<8xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8xf32>
  %2 = stablehlo.add %1, %arg0 : tensor<8xf32>
  %3 = stablehlo.add %2, %mc : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

// campaign 31068 (EXTENDED=1): nested manual computations, a group of an argument and a
// constraint replicating the outer manual axis
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x12x8x2xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<2x8xf32>) -> (tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = stablehlo.sqrt %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8xf32>) -> tensor<1x8xf32>
// CHECK: %3 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %4 = stablehlo.reduce(%2 init: %3) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: %5 = stablehlo.add %4, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK: %6 = stablehlo.add %5, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK: %7 = stablehlo.reshape %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8xf32>) -> tensor<1x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=1]>
func.func @main(%arg1: tensor<8x12x8x2xf32>, %arg2: tensor<8xf32>, %arg3: tensor<2x8xf32>) -> (tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a", ?}]>}) {
  %v4 = stablehlo.slice %arg3 [0:2, 1:7:2] : (tensor<2x8xf32>) -> tensor<2x3xf32>
  %mc11 = sdy.manual_computation(%arg2) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%m5: tensor<8xf32>) {
    %mc8 = sdy.manual_computation(%m5) in_shardings=[<@mesh, [{"a", ?}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a"} (%m6: tensor<4xf32>) {
      %v7 = stablehlo.broadcast_in_dim %m6, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
      sdy.return %v7 : tensor<2x4xf32>
    } : (tensor<8xf32>) -> tensor<2x4xf32>
    %v9 = stablehlo.dot_general %m5, %m5, contracting_dims = [0] x [0] : (tensor<8xf32>, tensor<8xf32>) -> tensor<f32>
    %v10 = stablehlo.slice %mc8 [0:2, 0:4] : (tensor<2x4xf32>) -> tensor<2x4xf32>
    sdy.return %v10 : tensor<2x4xf32>
  } : (tensor<8xf32>) -> tensor<2x4xf32>
  %v12 = stablehlo.sqrt %arg2 : tensor<8xf32>
  %v13 = sdy.sharding_constraint %v12 <@mesh, [{}], replicated={"b"}> : tensor<8xf32>
  sdy.sharding_group %v13 group_id=0 : tensor<8xf32>
  sdy.sharding_group %arg2 group_id=0 : tensor<8xf32>
  %v14 = stablehlo.reshape %v13 : (tensor<8xf32>) -> tensor<1x8xf32>
  %c15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v16 = stablehlo.reduce(%v14 init: %c15) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
  %v17 = stablehlo.add %v16, %v16 : tensor<8xf32>
  %v18 = stablehlo.add %v17, %arg2 : tensor<8xf32>
  %v19 = stablehlo.reshape %v18 : (tensor<8xf32>) -> tensor<1x8xf32>
  return %v19 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_of_manual_result_and_argument(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%arg1: tensor<8xf32>) {
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}]> : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @group_of_manual_result_and_argument(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<8xf32>
  %mc = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m: tensor<8xf32>) {
    %n = stablehlo.negate %m : tensor<8xf32>
    sdy.return %n : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  sdy.sharding_group %mc group_id=0 : tensor<8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8xf32>
  return %0, %mc : tensor<8xf32>, tensor<8xf32>
}

// -----

// campaign 32218 (EXTENDED=1): a dead manual computation's result grouped with its operand
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<8x2xf32>) -> tensor<8x2xf32> {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [0] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
// CHECK: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%arg3: tensor<4xf32>) {
// CHECK: %7 = sdy.constant dense<0> : tensor<i32>
sdy.mesh @mesh = <["a"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=4], device_ids=[5, 6, 2, 7, 0, 4, 3, 1]>
func.func @main(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg28: tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  %v2 = stablehlo.multiply %arg1, %arg1 : tensor<8xf32>
  %v4 = stablehlo.dot_general %v2, %arg3, contracting_dims = [0] x [0] : (tensor<8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
  %mc9 = sdy.manual_computation(%v4) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m5: tensor<4xf32>) {
    %v6 = stablehlo.maximum %m5, %m5 : tensor<4xf32>
    %c7 = stablehlo.constant dense<0> : tensor<i32>
    %v8 = stablehlo.dynamic_slice %v6, %c7, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
    sdy.return %v8 : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<2xf32>
  %v10 = stablehlo.broadcast_in_dim %mc9, dims = [1] : (tensor<2xf32>) -> tensor<8x2xf32>
  %c11 = stablehlo.constant dense<1> : tensor<i32>
  %case12 = "stablehlo.case"(%c11) ({
    %v13 = stablehlo.sqrt %arg1 : tensor<8xf32>
    stablehlo.return %arg3 : tensor<8x4xf32>
  }, {
    stablehlo.return %arg3 : tensor<8x4xf32>
  }, {
    stablehlo.return %arg3 : tensor<8x4xf32>
  }) : (tensor<i32>) -> tensor<8x4xf32>
  %mc20 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m14: tensor<8xf32>) {
    %v15 = stablehlo.reverse %m14, dims = [0] : tensor<8xf32>
    %c16 = stablehlo.constant dense<0> : tensor<i32>
    %v17 = stablehlo.dynamic_slice %v15, %c16, sizes = [4] : (tensor<8xf32>, tensor<i32>) -> tensor<4xf32>
    %i18 = stablehlo.iota dim = 0 : tensor<8xf32>
    %v19 = stablehlo.add %m14, %i18 : tensor<8xf32>
    sdy.return %v19 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  sdy.sharding_group %mc20 group_id=0 : tensor<8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<8xf32>
  %c21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v22 = stablehlo.reduce(%mc20 init: %c21) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %c23 = stablehlo.constant dense<true> : tensor<i1>
  %if24 = "stablehlo.if"(%c23) ({
    %v25 = stablehlo.tanh %mc9 : tensor<2xf32>
    stablehlo.return %case12 : tensor<8x4xf32>
  }, {
    stablehlo.return %case12 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  %c26 = stablehlo.constant dense<0> : tensor<i32>
  %v27 = stablehlo.dynamic_update_slice %if24, %v10, %c26, %c26 : (tensor<8x4xf32>, tensor<8x2xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  %v29 = stablehlo.add %v10, %arg28 : tensor<8x2xf32>
  return %v29 : tensor<8x2xf32>
}
