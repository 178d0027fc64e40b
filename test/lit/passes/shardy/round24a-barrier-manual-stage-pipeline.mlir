// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: a manual computation's in_sharding reaches an optimization barrier's result in
// the pass-through stage (as any operand's), before a dynamic slice after another mesh's
// argument gives the barrier's operand its sharding (campaign 61131). A barrier of one value
// read twice keeps the slice's (second case).

// CHECK-LABEL: func.func {{(private )?}}@manual_in_sharding_reaches_the_barrier_first(
// CHECK-SAME: %arg0: tensor<2x32x1xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {}, {}]>}) -> (tensor<1x32x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}, tensor<1x64x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = stablehlo.dynamic_slice %arg0, %0, %0, %0, sizes = [1, 32, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<2x32x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x1xf32>
// CHECK: %2 = stablehlo.concatenate %1, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<1x32x1xf32>, tensor<1x32x1xf32>) -> tensor<1x64x1xf32>
// CHECK: %3:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}, {}, {"a"}]>, <@mesh, [{}, {"a"}, {}]>]>} %arg0, %1 : tensor<2x32x1xf32>, tensor<1x32x1xf32>
// CHECK: %4 = sdy.manual_computation(%3#1) in_shardings=[<@mesh, [{}, {"a"}, {}]>] out_shardings=[<@mesh, [{}, {"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<1x4x1xf32>) {
sdy.mesh @mesh = <["a"=8]>
sdy.mesh @mesh2 = <["a"=2, "b"=8]>
func.func @manual_in_sharding_reaches_the_barrier_first(%arg2: tensor<2x32x1xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {?}p3, {"a"}]>}) -> (tensor<1x32x1xf32>, tensor<1x64x1xf32>) {
  %c3 = stablehlo.constant dense<0> : tensor<i32>
  %v4 = stablehlo.dynamic_slice %arg2, %c3, %c3, %c3, sizes = [1, 32, 1] : (tensor<2x32x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x1xf32>
  %v5 = stablehlo.concatenate %v4, %v4, dim = 1 : (tensor<1x32x1xf32>, tensor<1x32x1xf32>) -> tensor<1x64x1xf32>
  %ob7:2 = stablehlo.optimization_barrier %arg2, %v4 : tensor<2x32x1xf32>, tensor<1x32x1xf32>
  %mc12 = sdy.manual_computation(%ob7#1) in_shardings=[<@mesh, [{?}, {"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"a"}, {?}]>] manual_axes={"a"} (%m8: tensor<1x4x1xf32>) {
    %n = stablehlo.negate %m8 : tensor<1x4x1xf32>
    sdy.return %n : tensor<1x4x1xf32>
  } : (tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
  return %mc12, %v5 : tensor<1x32x1xf32>, tensor<1x64x1xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_of_one_value_twice(
// CHECK-SAME: %arg0: tensor<2x32x1xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {}, {}]>}) -> (tensor<1x32x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}, tensor<1x64x1xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = stablehlo.dynamic_slice %arg0, %0, %0, %0, sizes = [1, 32, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}, {}, {"a"}]>]>} : (tensor<2x32x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x1xf32>
// CHECK: %2 = stablehlo.concatenate %1, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}, {}, {"a"}]>]>} : (tensor<1x32x1xf32>, tensor<1x32x1xf32>) -> tensor<1x64x1xf32>
// CHECK: %3:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}, {}, {"a"}]>, <@mesh2, [{}, {}, {"a"}]>]>} %1, %1 : tensor<1x32x1xf32>, tensor<1x32x1xf32>
// CHECK: %4 = sdy.manual_computation(%3#1) in_shardings=[<@mesh, [{}, {"a"}, {}]>] out_shardings=[<@mesh, [{}, {"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<1x4x1xf32>) {
sdy.mesh @mesh = <["a"=8]>
sdy.mesh @mesh2 = <["a"=2, "b"=8]>
func.func @barrier_of_one_value_twice(%arg2: tensor<2x32x1xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}, {?}p3, {"a"}]>}) -> (tensor<1x32x1xf32>, tensor<1x64x1xf32>) {
  %c3 = stablehlo.constant dense<0> : tensor<i32>
  %v4 = stablehlo.dynamic_slice %arg2, %c3, %c3, %c3, sizes = [1, 32, 1] : (tensor<2x32x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x1xf32>
  %v5 = stablehlo.concatenate %v4, %v4, dim = 1 : (tensor<1x32x1xf32>, tensor<1x32x1xf32>) -> tensor<1x64x1xf32>
  %ob7:2 = stablehlo.optimization_barrier %v4, %v4 : tensor<1x32x1xf32>, tensor<1x32x1xf32>
  %mc12 = sdy.manual_computation(%ob7#1) in_shardings=[<@mesh, [{?}, {"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"a"}, {?}]>] manual_axes={"a"} (%m8: tensor<1x4x1xf32>) {
    %n = stablehlo.negate %m8 : tensor<1x4x1xf32>
    sdy.return %n : tensor<1x4x1xf32>
  } : (tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
  return %mc12, %v5 : tensor<1x32x1xf32>, tensor<1x64x1xf32>
}
