// RUN: meshjit-opt %s -split-input-file --meshjit-propagate | FileCheck %s

// meshjit's own mode, an op whose values are wanted on two meshes (issue 19, deliverable 2):
// the op is placed on the first mesh its values are on (Shardy's import puts an op's results on
// the mesh of the first it places), the value on the other mesh keeps its own sharding; the op
// stayed unsharded.

// A reduce's two results returned on two meshes: the operands take the first result's.
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh1 = <["c"=8]>
// CHECK-LABEL: func.func @reduce_results_two_meshes
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}
// CHECK-SAME: %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}
// CHECK: stablehlo.reduce{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>, <@mesh1, [{"c", ?}]>]>
func.func @reduce_results_two_meshes(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}) {
  %0 = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.reduce(%arg0 init: %0), (%arg1 init: %1) across dimensions = [1] : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %3 = stablehlo.maximum %a, %c : tensor<f32>
      %4 = stablehlo.maximum %b, %d : tensor<i32>
      stablehlo.return %3, %4 : tensor<f32>, tensor<i32>
    }
  return %2#0, %2#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// An add of operands on two meshes: the result takes the first operand's mesh and sharding.
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh1 = <["c"=8]>
// CHECK-LABEL: func.func @add_operands_two_meshes
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>}
func.func @add_operands_two_meshes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {"c"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

