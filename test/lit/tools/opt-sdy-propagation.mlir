// RUN: meshjit-opt %s --pass-pipeline='builtin.module(sdy-propagation-pipeline)' | FileCheck %s
// RUN: meshjit-opt %s --sdy-propagation-pipeline | FileCheck %s

// The argument's sharding flows through the elementwise ops to the other argument and the
// result, and export closes every dimension.
// CHECK: sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @add_negate
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}
// CHECK-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK: stablehlo.negate
sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @add_negate(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                      %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
