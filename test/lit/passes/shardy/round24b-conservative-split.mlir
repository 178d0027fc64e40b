// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 24b: conservatively, a tensor takes a decided axis whole or not at all: an operand
// whose other dim holds part of the axis does not take the rest of it as a sub-axis (Shardy's
// truncation stops at the first axis a conflict would split; sweep elementwise 18015).

// %arg1's dim 0 holds "c":(4)2, so the "c" that %0 and %arg0 take on dim 1 would only fit
// %arg1 as "c":(1)4: it takes nothing.
// CHECK-LABEL: func.func {{(private )?}}@operand_holds_part_of_the_axis(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(4)2}, {?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c", ?}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "c"=8]>
func.func @operand_holds_part_of_the_axis(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(4)2}, {?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>]>} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
