// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 21: Shardy's import gives each value of an optimization barrier a data-flow edge of its
// own, so a pair on another mesh, or on one device, blocks no other pair (sweep
// optimization_barrier 13014 and 13031).

// CHECK-LABEL: func.func {{(private )?}}@pairs_on_two_meshes(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}]>}, tensor<16xf32>) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a"}]>, <@mesh1, [{}]>]>} %arg0, %arg1 : tensor<16xf32>, tensor<16xf32>
// CHECK: %1 = stablehlo.negate %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4]>
sdy.mesh @mesh1 = <["a"=8, "b"=2]>
func.func @pairs_on_two_meshes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<16xf32>, tensor<16xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<16xf32>, tensor<16xf32>
  %1 = stablehlo.negate %0#0 : tensor<16xf32>
  return %1, %0#1 : tensor<16xf32>, tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@pair_on_one_device(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32>) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@maximal_mesh, []>]>} %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @maximal_mesh = <[], device_ids=[1]>
func.func @pair_on_one_device(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>, <@maximal_mesh, []>]>} %arg0, %arg1 : tensor<8x8xf32>, tensor<8x8xf32>
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, tensor<8x8xf32>
}
