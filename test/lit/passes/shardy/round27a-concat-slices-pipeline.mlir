// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 27a: Shardy's export computes a concatenate whose tensors disagree in the sharding its
// majority vote picks, moving the concatenated dim's axes to other dims, except when every
// operand is a slice's result: that concatenate keeps the concatenated dim's axes.

// Every operand a slice: "a" stays on the concatenated dim.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"a"}]>}, %arg1: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}, {}]>}) -> (tensor<4x8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:4, 0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}, {"a"}]>]>} : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
// CHECK: %1 = stablehlo.slice %arg1 [0:4, 0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}, {"a"}]>]>} : (tensor<4x8x8xf32>) -> tensor<4x8x4xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{}, {"b"}, {"a"}]> : tensor<4x8x8xf32>
// CHECK: %3 = sdy.reshard %1 <@mesh, [{}, {"b"}, {"a"}]> : tensor<4x8x4xf32>
// CHECK: %4 = stablehlo.concatenate %2, %3, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}, {"a"}]>]>} : (tensor<4x8x8xf32>, tensor<4x8x4xf32>) -> tensor<4x8x12xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{}, {"b"}, {"a"}]> : tensor<4x8x12xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2]>
func.func @main(%arg1: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"a"}]>}, %arg2: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}]>}) -> (tensor<4x8x12xf32>) {
  %v4 = stablehlo.slice %arg1 [0:4, 0:8, 0:8] : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %v7 = stablehlo.slice %arg2 [0:4, 0:8, 0:4] : (tensor<4x8x8xf32>) -> tensor<4x8x4xf32>
  %v5 = stablehlo.concatenate %v4, %v7, dim = 2 : (tensor<4x8x8xf32>, tensor<4x8x4xf32>) -> tensor<4x8x12xf32>
  %v6 = sdy.sharding_constraint %v5 <@mesh, [{?}, {"b", ?}, {?}]> : tensor<4x8x12xf32>
  return %v6 : tensor<4x8x12xf32>
}

// -----

// One operand a slice, one not: "a" moves to dim 1.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<1x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"a"}]>}) -> (tensor<1x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:1, 0:2, 0:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {"a"}]>]>} : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
// CHECK: %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {"a"}]>]>} : tensor<1x2x2xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"c", "b":(1)2}, {"a"}, {}]> : tensor<1x2x2xf32>
// CHECK: %3 = sdy.reshard %1 <@mesh, [{"c", "b":(1)2}, {"a"}, {}]> : tensor<1x2x2xf32>
// CHECK: %4 = stablehlo.concatenate %2, %3, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b":(1)2}, {"a"}, {}]>]>} : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x4xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"c", "b":(1)2}, {}, {"a"}]> : tensor<1x2x4xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"c", "b":(1)2}, {}, {"a"}]> : tensor<1x2x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2]>
func.func @main(%arg1: tensor<1x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"a"}]>}) -> (tensor<1x2x4xf32>) {
  %v4 = stablehlo.slice %arg1 [0:1, 0:2, 0:2] : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
  %v7 = stablehlo.negate %arg1 : tensor<1x2x2xf32>
  %v5 = stablehlo.concatenate %v4, %v7, dim = 2 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x4xf32>
  %v6 = sdy.sharding_constraint %v5 <@mesh, [{"c", "b":(1)2, ?}, {}, {?}p0]> : tensor<1x2x4xf32>
  return %v6 : tensor<1x2x4xf32>
}

// -----

// Both operands the same strided slice (campaign 69706).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<1x3xf32>, %arg2: tensor<1x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"a"}]>}) -> (tensor<1x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"a"}]>}, tensor<1x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {"a"}]>]>} : (tensor<2x2xf32>) -> tensor<2x4x2xf32>
// CHECK: %1 = stablehlo.slice %0 [1:2:2, 2:4, 0:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {"a"}]>]>} : (tensor<2x4x2xf32>) -> tensor<1x2x2xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"c", "b":(1)2}, {}, {"a"}]> : tensor<1x2x2xf32>
// CHECK: %3 = sdy.reshard %1 <@mesh, [{"c", "b":(1)2}, {}, {"a"}]> : tensor<1x2x2xf32>
// CHECK: %4 = stablehlo.concatenate %2, %3, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b":(1)2}, {}, {"a"}]>]>} : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x4xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"c", "b":(1)2}, {}, {"a"}]> : tensor<1x2x4xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{}, {}, {"b":(1)4}]> : tensor<1x2x4xf32>
// CHECK: %7 = call @callee7(%6) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"b":(1)4}]>]>} : (tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
// CHECK: %8 = sdy.reshard %7 <@mesh, [{"a", "b":(4)2}, {}, {"c"}]> : tensor<1x2x4xf32>
// CHECK: %9 = stablehlo.multiply %8, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}]>]>} : tensor<1x2x4xf32>
// CHECK: %10 = stablehlo.add %1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {"a"}]>]>} : tensor<1x2x2xf32>
// CHECK: %11 = sdy.reshard %10 <@mesh, [{}, {"c"}, {"a"}]> : tensor<1x2x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee7(
// CHECK-SAME: %arg0: tensor<1x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b":(1)4}]>}) -> (tensor<1x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b":(1)4}]>}) {
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2]>
func.func private @callee7(%farg0: tensor<1x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"b", ?}]>}) -> (tensor<1x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(4)2, ?}, {?}, {"c"}p2]>}) {
  %v8 = stablehlo.convert %farg0 : (tensor<1x2x4xf32>) -> tensor<1x2x4xbf16>
  %v9 = sdy.sharding_constraint %v8 <@mesh, [{}, {?}, {?}]> : tensor<1x2x4xbf16>
  return %farg0 : tensor<1x2x4xf32>
}
func.func @main(%arg1: tensor<2x2xf32>, %arg2: tensor<1x3xf32>, %arg13: tensor<1x2x2xf32>) -> (tensor<1x2x2xf32>, tensor<1x2x4xf32>) {
  %v3 = stablehlo.broadcast_in_dim %arg1, dims = [0, 2] : (tensor<2x2xf32>) -> tensor<2x4x2xf32>
  %v4 = stablehlo.slice %v3 [1:2:2, 2:4, 0:2] : (tensor<2x4x2xf32>) -> tensor<1x2x2xf32>
  %v5 = stablehlo.concatenate %v4, %v4, dim = 2 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x4xf32>
  %v6 = sdy.sharding_constraint %v5 <@mesh, [{"c", "b":(1)2, ?}, {}, {?}p0]> : tensor<1x2x4xf32>
  %call10 = func.call @callee7(%v6) : (tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %v11 = stablehlo.abs %call10 : tensor<1x2x4xf32>
  %v12 = stablehlo.multiply %call10, %v6 : tensor<1x2x4xf32>
  %v14 = stablehlo.add %v4, %arg13 : tensor<1x2x2xf32>
  %v15 = sdy.sharding_constraint %v14 <@mesh, [{?}p2, {"c", ?}, {"a", ?}]> : tensor<1x2x2xf32>
  return %v15, %v12 : tensor<1x2x2xf32>, tensor<1x2x4xf32>
}
