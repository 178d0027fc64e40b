// RUN: meshjit-opt %s -split-input-file --meshjit-prepare-for-xla | FileCheck %s

// The module as XLA receives it: an sdy.reshard (which XLA's import rejects) becomes a sharding
// constraint to the same layout, and each op result's sharding is restated as a constraint.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @reshard
// CHECK-NOT: sdy.reshard
// CHECK: %[[R:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{}, {"y"}]>
// CHECK: %[[ADD:.*]] = stablehlo.add %[[R]], %[[R]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[ADD]] <@mesh, [{}, {"y"}]>
// CHECK-NEXT: return %[[PIN]]
func.func @reshard(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// Shardy's export reduces an unreduced value with sdy.all_reduce, which XLA's import also
// rejects: it becomes a constraint to the reduced sharding (XLA inserts the all-reduce).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @all_reduce
// CHECK-NOT: sdy.all_reduce
// CHECK: %[[DOT:.*]] = stablehlo.dot_general
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[DOT]] <@mesh, [{"x"}, {}], unreduced={"y"}>
// CHECK-NEXT: sdy.sharding_constraint %[[PIN]] <@mesh, [{"x"}, {}]> :
func.func @all_reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}], unreduced={"y"}>]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
