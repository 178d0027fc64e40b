// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep, select 12012): an elementwise op's closed result holding the
// major sub-axis "c":(1)2 of the factor's "c" cuts it for the other operands too; meshjit cut
// only at whole axes (a result holding fewer axes), so %arg1 took all of "c".
// CHECK-LABEL: func.func {{(private )?}}@closed_result_sub_axis_cuts(
// CHECK-SAME: %arg0: tensor<4x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"d", "b"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}, {?}]>}, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"c":(2)2, "b", ?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {}]>]>} : tensor<4x8xi1>, tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=4, "d"=2]>
func.func @closed_result_sub_axis_cuts(%arg0: tensor<4x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"d", "b"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"c":(2)2, "b", ?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {}]>]>} : tensor<4x8xi1>, tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@add_closed_result_sub_axis(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["c"=4]>
func.func @add_closed_result_sub_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
