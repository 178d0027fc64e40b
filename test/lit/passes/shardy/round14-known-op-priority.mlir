// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): a disagreement found and not
// fixed then; round 19b fixed it (a concatenate's result holding an axis in another factor
// cuts nothing for its operands, round19b-aggressive-conflicts.mlir).

// CHECK-LABEL: func.func {{(private )?}}@concat_operand_keeps_first_sharding(
// CHECK-SAME: %arg0: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"c", ?}, {"b", ?}]>}, %arg1: tensor<12x8x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"c", ?}, {"b", ?}]>}) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}, {?}]>}) {
// CHECK: %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {}, {"c"}, {"b"}]> : tensor<12x8x16x2xf32>
// CHECK: %1 = stablehlo.concatenate %0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"c", ?}, {?}]>]>} : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"c", ?}, {?}]>]>} : tensor<12x8x32x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @concat_operand_keeps_first_sharding(%arg0: tensor<12x8x16x2xf32>, %arg1: tensor<12x8x16x2xf32>) -> (tensor<12x8x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}, {?}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {}, {"c"}, {"b"}]> : tensor<12x8x16x2xf32>
  %1 = stablehlo.concatenate %0, %arg1, dim = 2 : (tensor<12x8x16x2xf32>, tensor<12x8x16x2xf32>) -> tensor<12x8x32x2xf32>
  %2 = stablehlo.negate %1 : tensor<12x8x32x2xf32>
  return %2 : tensor<12x8x32x2xf32>
}
