// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: a rank-0 value on a maximal mesh (`<[], device_ids=[k]>`) is on one device, as
// a higher-rank one is: Shardy propagates nothing through an op reading it. On an empty mesh
// (`<[]>`) it says nothing and the op propagates (op sweep seeds 19531, 5074).

// CHECK-LABEL: func.func {{(private )?}}@scalar_on_maximal_mesh_blocks(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg3: tensor<i32>) -> (tensor<10x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
sdy.mesh @maximal_mesh = <[], device_ids=[3]>
func.func @scalar_on_maximal_mesh_blocks(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg3: tensor<i32>) -> (tensor<10x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>) {
  %0 = stablehlo.pad %arg0, %arg1, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<10x4xf32>
  %1 = stablehlo.clamp %arg1, %arg0, %arg1 : (tensor<f32>, tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32>
  %2 = stablehlo.dynamic_slice %arg0, %arg2, %arg3, sizes = [4, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0, %1, %2 : tensor<10x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>
}

// -----

// op sweep seed 5074
// CHECK-LABEL: func.func {{(private )?}}@dynamic_update_slice_5074(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) -> tensor<4xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[7]>
func.func @dynamic_update_slice_5074(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}], replicated={"a"}>}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}], replicated={"a"}>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>}) -> (tensor<4xf32>) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
