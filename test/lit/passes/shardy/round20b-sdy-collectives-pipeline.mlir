// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20b (sdy collectives in the one-op sweep): Shardy's pipeline drops size-one axes from
// collectives' out_shardings too, and its export folds the collectives that move nothing
// (all_gather / all_slice / reduce_scatter / all_reduce over no axes, a collective_permute to
// its operand's sharding); a reshard to its operand's own sharding stays.
// CHECK-LABEL: func.func {{(private )?}}@noop_collectives(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>} : tensor<16x4xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b", "a"}, {}]> : tensor<16x4xf32>
// CHECK: %2 = sdy.all_gather [{"a"}, {}] %1 out_sharding=<@mesh, [{"b"}, {}]> : tensor<16x4xf32>
// CHECK: %3 = stablehlo.add %2, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=1]>
func.func @noop_collectives(%arg0: tensor<16x4xf32>) -> tensor<16x4xf32> {
  %s = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {"c"}]>]>} : tensor<16x4xf32>
  %c1 = sdy.all_gather [{}, {}] %s out_sharding=<@mesh, [{"b", "a"}, {"c"}]> : tensor<16x4xf32>
  %c2 = sdy.all_slice [{}, {}] %c1 out_sharding=<@mesh, [{"b", "a"}, {"c"}]> : tensor<16x4xf32>
  %c3 = sdy.reduce_scatter [{}, {}] %c2 out_sharding=<@mesh, [{"b", "a"}, {"c"}]> : tensor<16x4xf32>
  %c4 = sdy.all_reduce {} %c3 out_sharding=<@mesh, [{"b", "a"}, {"c"}]> : tensor<16x4xf32>
  %c5 = sdy.reshard %c4 <@mesh, [{"b", "a"}, {"c"}]> : tensor<16x4xf32>
  %c6 = sdy.all_gather [{"a"}, {}] %c5 out_sharding=<@mesh, [{"b"}, {"c"}]> : tensor<16x4xf32>
  %c7 = sdy.collective_permute %c5 out_sharding=<@mesh, [{"b", "a"}, {}]> : tensor<16x4xf32>
  %c8 = stablehlo.add %c6, %c7 : tensor<16x4xf32>
  return %c8 : tensor<16x4xf32>
}

// -----

// A folded collective still bounds propagation: %0 does not take the result's "b".
// CHECK-LABEL: func.func {{(private )?}}@folded_after_propagation(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x4xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x4xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @folded_after_propagation(%arg0: tensor<16x4xf32>) -> tensor<16x4xf32> {
  %s = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>]>} : tensor<16x4xf32>
  %c = sdy.all_gather [{}, {}] %s out_sharding=<@mesh, [{"a"}, {}]> : tensor<16x4xf32>
  %0 = stablehlo.negate %c : tensor<16x4xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b"}]>]>} : tensor<16x4xf32>
  return %1 : tensor<16x4xf32>
}
