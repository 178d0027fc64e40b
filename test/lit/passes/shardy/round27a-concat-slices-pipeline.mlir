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

// -----

// Campaign 26658 (EXTENDED=1 WIDE=1).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {}]>}, %arg1: tensor<12x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.maximum across dimensions = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<8x16x12xf32>, tensor<f32>) -> tensor<12xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : tensor<12xf32>
// CHECK: %3 = stablehlo.slice %2 [2:12] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<12xf32>) -> tensor<10xf32>
// CHECK: %4 = stablehlo.concatenate %3, %3, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<10xf32>, tensor<10xf32>) -> tensor<20xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"a", "b"}]> : tensor<20xf32>
// CHECK: %6 = sdy.constant dense<0> : tensor<i32>
// CHECK: %7 = sdy.constant dense<1> : tensor<i32>
// CHECK: %8 = sdy.constant dense<4> : tensor<i32>
// CHECK: %9:2 = stablehlo.while(%iterArg = %5, %iterArg_0 = %6) : tensor<20xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>, <@mesh, []>]>}
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @main(%arg1: tensor<8x16x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}, {}]>}, %arg4: tensor<12x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg9: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1]>}) -> (tensor<20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
  %c2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v3 = stablehlo.reduce(%arg1 init: %c2) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<8x16x12xf32>, tensor<f32>) -> tensor<12xf32>
  %v5 = stablehlo.dot_general %v3, %arg4, contracting_dims = [0] x [0] : (tensor<12xf32>, tensor<12x16xf32>) -> tensor<16xf32>
  %v6 = stablehlo.exponential %v3 : tensor<12xf32>
  %v7 = stablehlo.slice %v6 [2:12] : (tensor<12xf32>) -> tensor<10xf32>
  %v8 = stablehlo.concatenate %v7, %v7, dim = 0 : (tensor<10xf32>, tensor<10xf32>) -> tensor<20xf32>
  %v10 = stablehlo.concatenate %v5, %arg9, dim = 0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<32xf32>
  %v11 = sdy.sharding_constraint %v3 <@mesh, [{"b", "a"}]> : tensor<12xf32>
  %i12 = stablehlo.iota dim = 0 : tensor<12x8xf32>
  %v13 = stablehlo.dot_general %v11, %i12, contracting_dims = [0] x [0] : (tensor<12xf32>, tensor<12x8xf32>) -> tensor<8xf32>
  %c14 = stablehlo.constant dense<0> : tensor<i32>
  %c15 = stablehlo.constant dense<1> : tensor<i32>
  %c16 = stablehlo.constant dense<4> : tensor<i32>
  %w19:2 = stablehlo.while(%it17 = %v8, %i18 = %c14) : tensor<20xf32>, tensor<i32>
    cond {
    %v22 = stablehlo.compare LT, %i18, %c16 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v22 : tensor<i1>
  } do {
    %v20 = stablehlo.subtract %v6, %v6 : tensor<12xf32>
    %v21 = stablehlo.add %i18, %c15 : tensor<i32>
    stablehlo.return %it17, %v21 : tensor<20xf32>, tensor<i32>
  }
  return %w19#0 : tensor<20xf32>
}

