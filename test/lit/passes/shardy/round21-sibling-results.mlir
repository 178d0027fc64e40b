// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 21: the first sharding one result of an unsharded multi-result op takes places all its
// results, fully open, on that mesh; another mesh's axes then stay off its other results (sweep
// sort 13001).

// CHECK-LABEL: func.func {{(private )?}}@first_result_mesh_places_the_others(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}, {"c", ?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}, {"c", ?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {"c"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{?}, {"c", ?}]>, <@mesh1, [{?}, {"c", ?}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2, "c"=2]>
func.func @first_result_mesh_places_the_others(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {"c"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<f32>, %b1: tensor<f32>):
    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@second_result_first(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}, {"c", ?}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{?}, {"c", ?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {"c"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{?}, {"c", ?}]>, <@mesh1, [{?}, {"c", ?}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK: %1 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2, "c"=2]>
func.func @second_result_first(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {"c"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<f32>, %b1: tensor<f32>):
    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  %1 = stablehlo.negate %0#1 : tensor<8x4xf32>
  return %0#0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
}
