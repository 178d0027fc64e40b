// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23b: Shardy's pipeline erases dead ops as its priority passes do, when the greedy
// driver reaches them: an op dead only through a later dead user propagates until then (the
// maximum gives %arg0 its operand's axis before the transpose goes), and a pass-through op
// whose operand a dead op after it still reads waits in the first stage. Loops, cases,
// barriers and manual computations stay until the final canonicalization. An optimization
// barrier's per-value edges each ask about their own operand (campaign 26045, 60041).

// CHECK-LABEL: func.func {{(private )?}}@dying_maximum_propagates_first(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %arg2: tensor<8xf32>) -> tensor<8xf32> {
sdy.mesh @mesh = <["a"=4, "c"=2]>
func.func @dying_maximum_propagates_first(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c", ?}]>}, %arg2: tensor<8xf32>) -> (tensor<8xf32>) {
  %0 = stablehlo.maximum %arg0, %arg1 : tensor<16x4xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<16x4xf32>) -> tensor<4x16xf32>
  %2 = stablehlo.negate %arg2 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_values_apart(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x32xf32>
// CHECK: %1:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, [{"b"}, {}]>]>} %arg0, %0 : tensor<16x32xf32>, tensor<16x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_values_apart(%arg1: tensor<16x32xf32>, %arg2: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg9: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {}], replicated={"b"}>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %v3 = stablehlo.concatenate %arg1, %arg2, dim = 0 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
  sdy.sharding_group %arg2 group_id=0 : tensor<16x32xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<16x32xf32>
  %c4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v5 = stablehlo.pad %arg2, %c4, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<16x32xf32>, tensor<f32>) -> tensor<16x32xf32>
  %v6 = sdy.sharding_constraint %v5 <@mesh, [{"a"}p1, {}]> : tensor<16x32xf32>
  %v7 = stablehlo.negate %arg1 : tensor<16x32xf32>
  %v8 = sdy.propagation_barrier %v7 allowed_direction=FORWARD : tensor<16x32xf32>
  %v10 = stablehlo.dot_general %arg1, %arg9, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x4xf32>) -> tensor<16x4xf32>
  %v11 = stablehlo.concatenate %v6, %v8, dim = 1 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  %v12 = stablehlo.transpose %v11, dims = [0, 1] : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %ob13:2 = stablehlo.optimization_barrier %arg1, %v7 : tensor<16x32xf32>, tensor<16x32xf32>
  return %ob13#1 : tensor<16x32xf32>
}
