// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: an optimization barrier's data-flow edges read the barrier's results (one use
// each), so a barrier operand with other uses does not hold the edge back from Shardy's first
// op-priority stage: the argument reaches the barrier's result before a constraint further on
// pulls another sharding back to it (campaign 72080).

// CHECK-LABEL: func.func {{(private )?}}@barrier_of_shared_argument(
// CHECK-SAME: %arg0: tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"b":(1)4}, {"a"}, {"c"}]>}) -> (tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>]>} : tensor<32x4x8x4xf32>
// CHECK: %1:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>, <@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>]>} %0, %arg0 : tensor<32x4x8x4xf32>, tensor<32x4x8x4xf32>
// CHECK: %2 = stablehlo.sqrt %1#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>]>} : tensor<32x4x8x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}, {"a"}]> : tensor<32x4x8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=4, "d"=2]>
func.func @barrier_of_shared_argument(%arg0: tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"b"}, {"a", ?}, {"c"}]>}) -> tensor<32x4x8x4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<32x4x8x4xf32>
  %1:2 = stablehlo.optimization_barrier %0, %arg0 : tensor<32x4x8x4xf32>, tensor<32x4x8x4xf32>
  %2 = stablehlo.sqrt %1#1 : tensor<32x4x8x4xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {}, {?}, {"a"}]> : tensor<32x4x8x4xf32>
  return %3 : tensor<32x4x8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@one_value_barrier_of_shared_argument(
// CHECK-SAME: %arg0: tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"b":(1)4}, {"a"}, {"c"}]>}) -> (tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"a"}]>}, tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {"a"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>]>} : tensor<32x4x8x4xf32>
// CHECK: %1 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>]>} %arg0 : tensor<32x4x8x4xf32>
// CHECK: %2 = stablehlo.sqrt %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {"b"}, {"a"}, {"c"}]>]>} : tensor<32x4x8x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}, {"a"}]> : tensor<32x4x8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=4, "d"=2]>
func.func @one_value_barrier_of_shared_argument(%arg0: tensor<32x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"b"}, {"a", ?}, {"c"}]>}) -> (tensor<32x4x8x4xf32>, tensor<32x4x8x4xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<32x4x8x4xf32>
  %1 = stablehlo.optimization_barrier %arg0 : tensor<32x4x8x4xf32>
  %2 = stablehlo.sqrt %1 : tensor<32x4x8x4xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {}, {?}, {"a"}]> : tensor<32x4x8x4xf32>
  return %3, %0 : tensor<32x4x8x4xf32>, tensor<32x4x8x4xf32>
}
