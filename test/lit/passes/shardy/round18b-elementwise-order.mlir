// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 18b (single-op sweep, tests/support/op_sweep.py): which factor of an elementwise op
// takes an axis two factors claim. Shardy measures a factor's source tensor by its element
// count (a select's i1 predicate is as large as its f32 operands; meshjit counted bytes), and
// an elementwise factor's sharding by the axes its claims agree on (meshjit took its most
// sharded claim) before the factor whose source comes first (select seeds 21, 22, clamp 7).

// CHECK-LABEL: func.func {{(private )?}}@predicate_counts_its_elements(
// CHECK-SAME: %arg0: tensor<12x16x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {"c"}]>}, %arg1: tensor<12x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"c", ?}]>}, %arg2: tensor<12x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}) -> (tensor<12x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"c", ?}]>}) {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"c", ?}]>]>} : tensor<12x16x16xi1>, tensor<12x16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @predicate_counts_its_elements(%arg0: tensor<12x16x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {"c"}]>}, %arg1: tensor<12x16x16xf32>, %arg2: tensor<12x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}]>}) -> tensor<12x16x16xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<12x16x16xi1>, tensor<12x16x16xf32>, tensor<12x16x16xf32>) -> tensor<12x16x16xf32>
  return %0 : tensor<12x16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@claims_that_disagree_count_their_prefix(
// CHECK-SAME: %arg0: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}, {}]>}, %arg1: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a", "b":(1)2, ?}]>}, %arg2: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}, {"a", "c"}]>}) -> (tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : tensor<2x2x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @claims_that_disagree_count_their_prefix(%arg0: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}, {}]>}, %arg1: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a", "b":(1)2, ?}]>}, %arg2: tensor<2x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {"a", "c"}]>}) -> tensor<2x2x8xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<2x2x8xf32>, tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  return %0 : tensor<2x2x8xf32>
}
