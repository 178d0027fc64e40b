// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23b: Shardy's pipeline imports without erasing dead ops, so its first op-priority
// stage, reaching a pass-through op (or a dynamic update) that reads a value a dead op after
// it still reads, holds it back as one reading a shared value; a dead reader before it is gone
// by then (campaign 24070, 24168, 24130).

// CHECK-LABEL: func.func {{(private )?}}@dead_reader_after_the_transpose(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}, {}]>]>} : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
// CHECK: %2 = stablehlo.dynamic_update_slice %0, %arg1, %1, %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}, {}]>]>} : (tensor<4x8x16xf32>, tensor<4x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dead_reader_after_the_transpose(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}, {?}]>}, %arg1: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}, {?}]>}) -> (tensor<4x8x16xf32>) {
  %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
  %1 = stablehlo.tanh %arg0 : tensor<4x16x8xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.dynamic_update_slice %0, %arg1, %c, %c, %c : (tensor<4x8x16xf32>, tensor<4x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x16xf32>
  return %2 : tensor<4x8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dead_reader_before_the_transpose(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> tensor<4x8x16xf32> {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
// CHECK: %1 = sdy.constant dense<0> : tensor<i32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dead_reader_before_the_transpose(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}, {?}]>}, %arg1: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}, {?}]>}) -> (tensor<4x8x16xf32>) {
  %0 = stablehlo.tanh %arg0 : tensor<4x16x8xf32>
  %1 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.dynamic_update_slice %1, %arg1, %c, %c, %c : (tensor<4x8x16xf32>, tensor<4x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x16xf32>
  return %2 : tensor<4x8x16xf32>
}
