// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: a returned call result is not resharded into its func result's sharding on a
// maximal mesh (Shardy's export leaves that to the return), while one on another mesh is.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.sqrt %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[7]>
func.func private @callee(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.sqrt %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
  %0 = func.call @callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// campaign 69127: the call's callee reduces, the caller's argument has a p3 dim
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<4x6x2x2xf32>, %arg2: tensor<1x32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) -> (tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}, {}]>]>} : (tensor<1x32x16xf32>) -> tensor<4x32x16x2xf32>
// CHECK: %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}, {}]>]>} : tensor<4x32x16x2xf32>
// CHECK: %2 = stablehlo.transpose %1, dims = [3, 2, 0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}, {}]>]>} : (tensor<4x32x16x2xf32>) -> tensor<2x16x4x32xf32>
// CHECK: %3 = call @callee7(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<2x16x4x32xf32>) -> tensor<2x16x32xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee7(
// CHECK-SAME: %arg0: tensor<2x16x4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}, {}]>}) -> (tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<2x16x4x32xf32>, tensor<f32>) -> tensor<2x16x32xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[7]>
func.func private @callee7(%farg0: tensor<2x16x4x32xf32>) -> (tensor<2x16x32xf32>) {
  %c8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v9 = stablehlo.reduce(%farg0 init: %c8) applies stablehlo.maximum across dimensions = [3] : (tensor<2x16x4x32xf32>, tensor<f32>) -> tensor<2x16x4xf32>
  %c10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v11 = stablehlo.reduce(%farg0 init: %c10) applies stablehlo.add across dimensions = [2] : (tensor<2x16x4x32xf32>, tensor<f32>) -> tensor<2x16x32xf32>
  return %v11 : tensor<2x16x32xf32>
}
func.func @main(%arg1: tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}], replicated={"c"}>}, %arg2: tensor<4x6x2x2xf32>, %arg3: tensor<1x32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", ?}p3]>}) -> (tensor<2x16x32xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) {
  %v4 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2] : (tensor<1x32x16xf32>) -> tensor<4x32x16x2xf32>
  %v5 = stablehlo.add %v4, %v4 : tensor<4x32x16x2xf32>
  %v6 = stablehlo.transpose %v5, dims = [3, 2, 0, 1] : (tensor<4x32x16x2xf32>) -> tensor<2x16x4x32xf32>
  %call12 = func.call @callee7(%v6) : (tensor<2x16x4x32xf32>) -> tensor<2x16x32xf32>
  return %call12 : tensor<2x16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{"b"}, {}]>}) {
// CHECK: %0 = call @callee_other_mesh(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh2, [{"b"}, {}]> : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_other_mesh(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.sqrt %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8]>
sdy.mesh @mesh2 = <["b"=8]>
func.func private @callee_other_mesh(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.sqrt %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{"b"}, {}]>}) {
  %0 = func.call @callee_other_mesh(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
