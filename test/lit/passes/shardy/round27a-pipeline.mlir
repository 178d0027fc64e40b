// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// ==== inline-order ====
// Round 27a: Shardy's import inlines each call into a named computation at the call site, so its
// greedy driver reaches the callee's body before the ops after the call: a dead op after the call
// is erased (and the values it read lose that use) only after the body's ops ran.

// The sqrt's result is also read by a dead reshape: the constraint reading it waits in the
// pass-through stage (the reshape is erased after the callee's body), so the sqrt takes "b" from
// the call's result first (was "a":(1)2 from the constraint).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8x12xf32>) -> tensor<8x12xf32>
// CHECK: %1 = stablehlo.sqrt %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a":(2)2}]>]>} : tensor<8x12xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x12xf32>
// CHECK: %3 = stablehlo.cosine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : tensor<8x12xf32>
// CHECK: %4 = stablehlo.add %2, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : tensor<8x12xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x12xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=2]>
func.func private @callee(%farg0: tensor<8x12xf32>) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}) {
  %v8 = stablehlo.negate %farg0 : tensor<8x12xf32>
  return %v8 : tensor<8x12xf32>
}
func.func @main(%arg1: tensor<8x12xf32>) -> (tensor<8x12xf32>) {
  %call12 = func.call @callee(%arg1) : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %v13 = stablehlo.sqrt %call12 : tensor<8x12xf32>
  %v14 = sdy.sharding_constraint %v13 <@mesh, [{"a":(1)2, ?}, {"a":(2)2}]> : tensor<8x12xf32>
  %v15 = stablehlo.reshape %v13 : (tensor<8x12xf32>) -> tensor<32x3xf32>
  %v16 = stablehlo.cosine %call12 : tensor<8x12xf32>
  %v17 = stablehlo.add %v14, %v16 : tensor<8x12xf32>
  return %v17 : tensor<8x12xf32>
}

// -----

// The same, found by the campaign (45479, EXTENDED=1 WIDE=1): a callee whose result is annotated
// [{"b", ?}, {}], its call read by an open sub-axis constraint on its sqrt and by a closed constraint.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c", "a"}, {"b"}]> : tensor<8x12xf32>
// CHECK: %1 = call @callee3(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a"}, {"b"}]>]>} : (tensor<8x12xf32>) -> tensor<8x12xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b"}, {}]> : tensor<8x12xf32>
// CHECK: %3 = stablehlo.sqrt %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a":(2)2}]>]>} : tensor<8x12xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x12xf32>
// CHECK: %5 = stablehlo.add %4, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : tensor<8x12xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee3(
// CHECK-SAME: %arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}, {"b"}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a"}, {"b"}]>]>} : tensor<8x12xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a"}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x12xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=2]>
sdy.mesh @mesh1 = <["a"=2, "b"=2, "c"=4, "d"=8], device_ids=[123, 26, 87, 107, 112, 16, 43, 25, 50, 14, 66, 39, 101, 74, 79, 5, 56, 40, 119, 78, 86, 122, 34, 49, 70, 117, 106, 30, 3, 84, 60, 44, 41, 91, 68, 9, 32, 4, 45, 27, 93, 54, 95, 75, 17, 13, 53, 69, 31, 57, 82, 33, 80, 37, 12, 59, 6, 90, 23, 35, 73, 15, 2, 11, 81, 120, 0, 58, 116, 42, 38, 96, 71, 72, 113, 19, 51, 125, 114, 29, 36, 46, 22, 64, 1, 61, 105, 127, 83, 115, 52, 100, 88, 104, 103, 94, 63, 67, 99, 118, 92, 55, 62, 124, 109, 20, 28, 97, 126, 47, 65, 110, 76, 89, 21, 121, 102, 10, 24, 108, 7, 85, 8, 18, 111, 77, 98, 48]>
func.func private @callee3(%farg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}p0, {"b"}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}) {
  %c4 = stablehlo.constant dense<1.000000e+00> : tensor<8x4xf32>
  %v5 = stablehlo.dot_general %farg0, %c4, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x4xf32>) -> tensor<12x4xf32>
  %c6 = stablehlo.constant dense<1> : tensor<i32>
  %case7 = "stablehlo.case"(%c6) ({
    %v8 = stablehlo.negate %farg0 : tensor<8x12xf32>
    %v9 = stablehlo.cosine %v5 : tensor<12x4xf32>
    stablehlo.return %v8 : tensor<8x12xf32>
  }, {
    %v10 = sdy.sharding_constraint %v5 <@mesh, [{}, {}]> : tensor<12x4xf32>
    stablehlo.return %farg0 : tensor<8x12xf32>
  }, {
    %v11 = stablehlo.tanh %v5 : tensor<12x4xf32>
    stablehlo.return %farg0 : tensor<8x12xf32>
  }) : (tensor<i32>) -> tensor<8x12xf32>
  return %case7 : tensor<8x12xf32>
}
func.func @main(%arg1: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<8x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {}, {"b":(2)2}p3]>}) -> (tensor<8x12xf32>) {
  %call12 = func.call @callee3(%arg1) : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %v13 = stablehlo.sqrt %call12 : tensor<8x12xf32>
  %v14 = sdy.sharding_constraint %v13 <@mesh, [{"a":(1)2, ?}, {"a":(2)2}]> : tensor<8x12xf32>
  %v15 = stablehlo.reshape %v13 : (tensor<8x12xf32>) -> tensor<32x3xf32>
  %v16 = sdy.sharding_constraint %call12 <@mesh, [{}, {"b"}]> : tensor<8x12xf32>
  %v17 = stablehlo.add %v14, %arg1 : tensor<8x12xf32>
  return %v17 : tensor<8x12xf32>
}

// -----

// ==== concat-slices ====
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

// -----

// ==== concat-meshes ====
// Round 27a: a concatenate whose operands are on two meshes, one of them replicated (no axes:
// the same on any mesh), is resharded as one on the other mesh (campaign 70408).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}, %arg1: tensor<16xf32>, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<8xf32>
// CHECK: %2 = stablehlo.concatenate %1, %arg2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a"}]> : tensor<16xf32>
sdy.mesh @mesh = <["a"=2], device_ids=[1, 0]>
sdy.mesh @mesh1 = <["a"=2]>
func.func @main(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}, %arg2: tensor<16xf32>, %arg5: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p0]>}) {
  %v3 = stablehlo.exponential %arg1 : tensor<8xf32>
  %v4 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}]> : tensor<8xf32>
  %v6 = stablehlo.concatenate %v4, %arg5, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %v6 : tensor<16xf32>
}

// -----

// ==== barrier-reshards ====
// Round 27a: Shardy's explicit reshards read a propagation barrier's result as the barrier's
// operand. On a func argument whose sub-axes the export cut off (an open dim), the op reading
// the barrier reshards it, to the sharding the barrier holds already (a concatenate), or is
// left alone (a dot whose result then holds more than its operands say).

// A concatenate of a barrier on such an argument: both operands resharded.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %arg1 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}, %arg2: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %arg2, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  return %v3 : tensor<24x12x8xf32>
}

// -----

// A dot of one: computed in its result's sharding, not its operand's.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)4}, {"a"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)4, ?}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<8x16xf32>
  %v3 = stablehlo.dot_general %v2, %arg2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %v4 = sdy.sharding_constraint %v3 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %v4 : tensor<8x8xf32>
}

// -----

// The barrier on an op's result (its sub-axis kept): nothing resharded.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %arg1 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}, %arg2: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32>) {
  %v1 = stablehlo.negate %arg1 : tensor<12x12x8xf32>
  %v2 = sdy.propagation_barrier %v1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %arg2, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  return %v3 : tensor<24x12x8xf32>
}

// -----

// Campaign 70175.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
// CHECK: %4 = stablehlo.subtract %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}) -> (tensor<12x12x8xf32>, tensor<24x12x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %arg1, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  %v4 = stablehlo.subtract %v2, %arg1 : tensor<12x12x8xf32>
  return %v4, %v3 : tensor<12x12x8xf32>, tensor<24x12x8xf32>
}

// -----

// ==== call-result-reshard ====
// Round 27a: a callee returning a manual computation's result whose out_sharding the user closed
// ([{}]) is resharded after the call to the call result's own sharding ("a", which does not
// divide the dim): only an out_sharding export made even is compared with the call result's
// sharding made even too (round25a-call-result-even-pipeline).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3xf32>, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}]> : tensor<3xf32>
// CHECK: %2 = stablehlo.maximum %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %3 = stablehlo.maximum %2, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<3xf32>) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<3xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%arg1: tensor<3xf32>) {
sdy.mesh @mesh = <["a"=8]>
func.func private @callee(%farg0: tensor<3xf32>) -> (tensor<3xf32>) {
  %mc = sdy.manual_computation(%farg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m: tensor<3xf32>) {
    %n = stablehlo.negate %m : tensor<3xf32>
    sdy.return %n : tensor<3xf32>
  } : (tensor<3xf32>) -> tensor<3xf32>
  return %mc : tensor<3xf32>
}
func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<3xf32>) {
  %c = func.call @callee(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
  %v = stablehlo.maximum %c, %c : tensor<3xf32>
  %w = stablehlo.maximum %v, %arg1 : tensor<3xf32>
  return %w : tensor<3xf32>
}

// -----

// Campaign 70019.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<16xf32> {
// CHECK: %0 = call @callee2(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x3xf32>) -> tensor<3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a"}]> : tensor<3xf32>
// CHECK: %2 = stablehlo.maximum %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %3 = sdy.constant dense<1> : tensor<i32>
// CHECK: %14 = stablehlo.sqrt %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<i32>) -> tensor<3xf32>
// CHECK: %5 = stablehlo.maximum %4, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{}]> : tensor<3xf32>
// CHECK: %7 = call @callee17(%6) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}]>]>} : (tensor<3xf32>) -> tensor<6xf32>
// CHECK: %8 = stablehlo.reshape %7 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<6xf32>) -> tensor<6x1xf32>
// CHECK: %9 = sdy.propagation_barrier %8 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<6x1xf32>
// CHECK: %10 = sdy.reshard %9 <@mesh, [{"a":(1)2}, {}]> : tensor<6x1xf32>
// CHECK: %11 = call @callee24(%10) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {}]>]>} : (tensor<6x1xf32>) -> tensor<6x1xf32>
// CHECK: %12 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<6x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee2(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<8x3xf32>) -> tensor<16x8x3xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%arg1: tensor<16x8x3xf32>) {
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %4 = stablehlo.custom_call @foo(%3) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=3} need_replication={i}, custom>} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee17(
// CHECK-SAME: %arg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<3xf32>
// CHECK: %2 = stablehlo.concatenate %arg0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a"}]> : tensor<6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee24(
// CHECK-SAME: %arg0: tensor<6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> (tensor<6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) {
// CHECK: %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} %arg0 : tensor<6x1xf32>
// CHECK: %1 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} %0 : tensor<6x1xf32>
sdy.mesh @mesh = <["a"=8], device_ids=[7, 3, 1, 5, 0, 4, 6, 2]>
func.func private @callee2(%farg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) -> (tensor<3xf32>) {
  %v3 = stablehlo.broadcast_in_dim %farg0, dims = [1, 2] : (tensor<8x3xf32>) -> tensor<16x8x3xf32>
  %mc8 = sdy.manual_computation(%v3) in_shardings=[<@mesh, [{}, {}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%m4: tensor<16x8x3xf32>) {
    %c5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %v6 = stablehlo.reduce(%m4 init: %c5) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<16x8x3xf32>, tensor<f32>) -> tensor<3xf32>
    %v7 = stablehlo.custom_call @foo(%v6) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=3} need_replication={i}, custom>} : (tensor<3xf32>) -> tensor<3xf32>
    sdy.return %v7 : tensor<3xf32>
  } : (tensor<16x8x3xf32>) -> tensor<3xf32>
  return %mc8 : tensor<3xf32>
}
func.func private @callee17(%farg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1]>}) -> (tensor<6xf32>) {
  %i18 = stablehlo.iota dim = 0 : tensor<3xf32>
  %v19 = stablehlo.concatenate %farg0, %i18, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  return %v19 : tensor<6xf32>
}
func.func private @callee24(%farg0: tensor<6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {}]>}) -> (tensor<6x1xf32>) {
  %ob25 = stablehlo.optimization_barrier %farg0 : tensor<6x1xf32>
  %ob26 = stablehlo.optimization_barrier %ob25 : tensor<6x1xf32>
  return %ob26 : tensor<6x1xf32>
}
func.func @main(%arg1: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}, %arg15: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32>) {
  %call9 = func.call @callee2(%arg1) : (tensor<8x3xf32>) -> tensor<3xf32>
  %v10 = stablehlo.maximum %call9, %call9 : tensor<3xf32>
  %c11 = stablehlo.constant dense<1> : tensor<i32>
  %case12 = "stablehlo.case"(%c11) ({
    %v13 = stablehlo.sqrt %v10 : tensor<3xf32>
    %v14 = sdy.sharding_constraint %arg1 <@mesh, [{}, {}]> : tensor<8x3xf32>
    stablehlo.return %v13 : tensor<3xf32>
  }, {
    stablehlo.return %v10 : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %v16 = stablehlo.maximum %case12, %arg15 : tensor<3xf32>
  %call20 = func.call @callee17(%v16) : (tensor<3xf32>) -> tensor<6xf32>
  %v21 = stablehlo.reshape %call20 : (tensor<6xf32>) -> tensor<6x1xf32>
  %v22 = sdy.propagation_barrier %v21 allowed_direction=FORWARD : tensor<6x1xf32>
  %v23 = stablehlo.exponential %v22 : tensor<6x1xf32>
  %call27 = func.call @callee24(%v22) : (tensor<6x1xf32>) -> tensor<6x1xf32>
  %v28 = stablehlo.subtract %call27, %v23 : tensor<6x1xf32>
  %c29 = stablehlo.constant dense<1.000000e+00> : tensor<6x16xf32>
  %v30 = stablehlo.dot_general %call20, %c29, contracting_dims = [0] x [0] : (tensor<6xf32>, tensor<6x16xf32>) -> tensor<16xf32>
  return %v30 : tensor<16xf32>
}

// -----

// A callee returning its argument, whose sharding export made even ("b" on a dim of 4 becomes
// "b":(1)4): not resharded for that alone (campaign 46315, EXTENDED=1 WIDE=1).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg2: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<4x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"b":(1)4}, {}]> : tensor<4x8xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<4x8xf32>
// CHECK: %2 = stablehlo.tanh %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<4x8xf32>
// CHECK: %3 = call @callee8(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: %4 = stablehlo.reshape %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x4x2xf32>
// CHECK: %5 = sdy.constant dense<0> : tensor<i32>
// CHECK: %6 = stablehlo.dynamic_update_slice %4, %4, %5, %5, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<4x4x2xf32>, tensor<4x4x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x4x2xf32>
// CHECK: %7 = stablehlo.tanh %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : tensor<4x4x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee9(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) {
// CHECK-LABEL: func.func {{(private )?}}@callee8(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}, {}]>}) {
// CHECK: %0 = call @callee9(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8], device_ids=[5, 1, 4, 12, 6, 15, 3, 11, 10, 2, 9, 8, 7, 13, 14, 0]>
func.func private @callee9(%farg0: tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  %v10 = stablehlo.slice %farg0 [2:4:2, 4:7] : (tensor<4x8xf32>) -> tensor<1x3xf32>
  %v11 = stablehlo.convert %v10 : (tensor<1x3xf32>) -> tensor<1x3xbf16>
  return %farg0 : tensor<4x8xf32>
}
func.func private @callee8(%farg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}], replicated={"a"}>}) -> (tensor<4x8xf32>) {
  %call12 = func.call @callee9(%farg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %call12 : tensor<4x8xf32>
}
func.func @main(%arg1: tensor<3x12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {}], replicated={"b"}>}, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg6: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}p1]>}) -> (tensor<4x4x2xf32>) {
  %v3 = stablehlo.negate %arg2 : tensor<4x8xf32>
  %v4 = stablehlo.tanh %v3 : tensor<4x8xf32>
  %v5 = stablehlo.transpose %v3, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %v7 = "stablehlo.scatter"(%v5, %arg6, %v3) ({
  ^bb0(%sa: tensor<f32>, %sb: tensor<f32>):
    %sc = stablehlo.subtract %sa, %sb : tensor<f32>
    stablehlo.return %sc : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<8x4xf32>, tensor<4x1xi32>, tensor<4x8xf32>) -> tensor<8x4xf32>
  %call13 = func.call @callee8(%arg2) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v14 = stablehlo.reshape %v4 : (tensor<4x8xf32>) -> tensor<4x4x2xf32>
  %c15 = stablehlo.constant dense<0> : tensor<i32>
  %v16 = stablehlo.dynamic_update_slice %v14, %v14, %c15, %c15, %c15 : (tensor<4x4x2xf32>, tensor<4x4x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x4x2xf32>
  %v17 = stablehlo.tanh %v16 : tensor<4x4x2xf32>
  return %v17 : tensor<4x4x2xf32>
}

// -----

// ==== returned-call-uneven ====
// Round 27a: a returned call result is resharded to its func result's sharding as propagation
// left it ("b":(1)2 on a dim of 1), not as export then makes the func result even (Shardy's import
// puts that reshard in place before its export runs). Campaign 33140 (EXTENDED=1).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16x6x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {}]>}, %arg1: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg2: tensor<16x8x1xf32>) -> (tensor<16x6x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b":(2)2}, {}, {"a"}]>}, tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"c"}, {}, {}]> : tensor<16x6x2x4xf32>
// CHECK: %1 = stablehlo.maximum %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<2x4xf32>
// CHECK: %2 = call @callee10(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}, {}, {"a"}]>]>} : (tensor<16x6x2x4xf32>) -> tensor<16x6x1x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"c"}, {"b":(2)2}, {"b":(1)2}, {"a"}]> : tensor<16x6x1x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee11(
// CHECK-SAME: %arg0: tensor<16x6x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {}]>}) -> (tensor<16x6x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}, {}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = stablehlo.dynamic_slice %arg0, %0, %0, %0, %0, sizes = [16, 6, 1, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}, {}, {}]>]>} : (tensor<16x6x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<16x6x1x4xf32>
// CHECK: %2 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}, {}, {}]>]>} dense<1.000000e+00> : tensor<16x6x1x4xf32>
// CHECK: %3 = stablehlo.multiply %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}, {}, {}]>]>} : tensor<16x6x1x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee10(
// CHECK-SAME: %arg0: tensor<16x6x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}, {}, {}]>}) -> (tensor<16x6x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}, {}, {}]> : tensor<16x6x2x4xf32>
// CHECK: %1 = call @callee11(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}, {}, {}]>]>} : (tensor<16x6x2x4xf32>) -> tensor<16x6x1x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"c"}, {}, {}]> : tensor<16x6x1x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b":(2)2}, {"c"}, {}, {}]> : tensor<16x6x1x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"c"}, {}, {"b"}, {"a"}]> : tensor<16x6x1x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func private @callee11(%farg0: tensor<16x6x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}, {?}, {?}]>}) -> (tensor<16x6x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c", ?}, {?}, {?}]>}) {
  %c12 = stablehlo.constant dense<0> : tensor<i32>
  %v13 = stablehlo.dynamic_slice %farg0, %c12, %c12, %c12, %c12, sizes = [16, 6, 1, 4] : (tensor<16x6x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<16x6x1x4xf32>
  sdy.sharding_group %farg0 group_id=0 : tensor<16x6x2x4xf32>
  %c14 = stablehlo.constant dense<1.000000e+00> : tensor<16x6x1x4xf32>
  %v15 = stablehlo.multiply %v13, %c14 : tensor<16x6x1x4xf32>
  return %v15 : tensor<16x6x1x4xf32>
}
func.func private @callee10(%farg0: tensor<16x6x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c", ?}p2, {}, {?}]>}) -> (tensor<16x6x1x4xf32>) {
  %call16 = func.call @callee11(%farg0) : (tensor<16x6x2x4xf32>) -> tensor<16x6x1x4xf32>
  %v17 = sdy.sharding_constraint %call16 <@mesh, [{"b":(2)2, ?}, {?}, {}, {}]> : tensor<16x6x1x4xf32>
  %v18 = sdy.sharding_constraint %v17 <@mesh, [{"c", ?}p2, {}, {"b"}, {?}p1]> : tensor<16x6x1x4xf32>
  return %v18 : tensor<16x6x1x4xf32>
}
func.func @main(%arg1: tensor<16x6x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {?}p2, {?}]>}, %arg2: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a"}p2]>}, %arg3: tensor<16x8x1xf32>) -> (tensor<16x6x1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b":(2)2}, {"b":(1)2}, {"a"}]>}, tensor<2x4xf32>) {
  %i4 = stablehlo.iota dim = 0 : tensor<1x4xf32>
  %c5 = stablehlo.constant dense<0> : tensor<i32>
  %v6 = stablehlo.dynamic_update_slice %arg2, %i4, %c5, %c5 : (tensor<2x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %c7 = stablehlo.constant dense<0> : tensor<i32>
  %v8 = stablehlo.dynamic_slice %v6, %c7, %c7, sizes = [1, 4] : (tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %v9 = stablehlo.maximum %arg2, %arg2 : tensor<2x4xf32>
  %call19 = func.call @callee10(%arg1) : (tensor<16x6x2x4xf32>) -> tensor<16x6x1x4xf32>
  sdy.sharding_group %call19 group_id=1 : tensor<16x6x1x4xf32>
  return %call19, %v9 : tensor<16x6x1x4xf32>, tensor<2x4xf32>
}

// -----

// A returned call result whose func result the user gave no sharding: not resharded to what
// propagation gave that result (Shardy's import reshards only to a user's; campaign 70221).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b":(4)2}]>}, %arg1: tensor<16x12x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}, %arg2: tensor<8x8x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}, {}]>}, %arg3: tensor<8x16x3xf32>) -> (tensor<4x8x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c", "b":(1)4}, {"a"}, {}]>}, tensor<16x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}, {"b":(2)4}]> : tensor<16x3x8xf32>
// CHECK: %1 = call @callee9(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"b":(2)4}]>]>} : (tensor<16x3x8xf32>) -> tensor<16x3x8xf32>
// CHECK: %2 = sdy.constant dense<0> : tensor<i32>
// CHECK: %3 = sdy.constant dense<1> : tensor<i32>
// CHECK: %4 = sdy.constant dense<4> : tensor<i32>
// CHECK: %5:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %2) : tensor<16x12x16xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4, "c"}, {}, {"a"}]>, <@mesh, []>]>}
// CHECK: %8 = stablehlo.subtract %iterArg, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4, "c"}, {}, {"a"}]>]>} : tensor<16x12x16xf32>
// CHECK: %9 = stablehlo.cosine %8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)4, "c"}, {}, {"a"}]>]>} : tensor<16x12x16xf32>
// CHECK: %6 = stablehlo.broadcast_in_dim %5#0, dims = [1, 2, 3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(1)4, "c"}, {"a"}, {}]>]>} : (tensor<16x12x16xf32>) -> tensor<4x16x12x16xf32>
// CHECK: %7 = stablehlo.dynamic_slice %6, %2, %2, %2, %2, sizes = [4, 8, 12, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c", "b"}, {"a"}, {}]>]>} : (tensor<4x16x12x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x12x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee9(
// CHECK-SAME: %arg0: tensor<16x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b":(2)4}]>}) -> (tensor<16x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b":(2)4}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}, {"b":(2)4}]>]>} : tensor<16x3x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2], device_ids=[20, 2, 3, 17, 6, 15, 7, 19, 18, 16, 12, 28, 31, 9, 25, 29, 26, 21, 22, 27, 23, 24, 14, 10, 30, 0, 1, 8, 11, 4, 13, 5]>
func.func private @callee9(%farg0: tensor<16x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}p2, {"b":(2)4}]>}) -> (tensor<16x3x8xf32>) {
  %v10 = stablehlo.negate %farg0 : tensor<16x3x8xf32>
  return %v10 : tensor<16x3x8xf32>
}
func.func @main(%arg1: tensor<16x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b":(1)4}p1, {"b":(4)2}], replicated={"c"}>}, %arg2: tensor<16x12x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4, "c", ?}, {}, {"a", ?}]>}, %arg3: tensor<8x8x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {}, {}], replicated={"c"}>}, %arg5: tensor<8x16x3xf32>) -> (tensor<4x8x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", "b"}, {"a", ?}, {}]>}, tensor<16x3x8xf32>) {
  %v4 = stablehlo.transpose %arg1, dims = [2, 0, 1] : (tensor<16x3x8xf32>) -> tensor<8x16x3xf32>
  %v6 = stablehlo.maximum %v4, %arg5 : tensor<8x16x3xf32>
  %v7 = sdy.sharding_constraint %v6 <@mesh, [{}, {}, {}]> : tensor<8x16x3xf32>
  %v8 = stablehlo.exponential %v7 : tensor<8x16x3xf32>
  %call11 = func.call @callee9(%arg1) : (tensor<16x3x8xf32>) -> tensor<16x3x8xf32>
  %c12 = stablehlo.constant dense<0> : tensor<i32>
  %c13 = stablehlo.constant dense<1> : tensor<i32>
  %c14 = stablehlo.constant dense<4> : tensor<i32>
  %w17:2 = stablehlo.while(%it15 = %arg2, %i16 = %c12) : tensor<16x12x16xf32>, tensor<i32>
    cond {
    %v22 = stablehlo.compare LT, %i16, %c14 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v22 : tensor<i1>
  } do {
    %v18 = stablehlo.subtract %it15, %arg2 : tensor<16x12x16xf32>
    %v19 = stablehlo.cosine %v18 : tensor<16x12x16xf32>
    %v20 = sdy.sharding_constraint %arg5 <@mesh, [{}, {?}, {}]> : tensor<8x16x3xf32>
    %v21 = stablehlo.add %i16, %c13 : tensor<i32>
    stablehlo.return %v19, %v21 : tensor<16x12x16xf32>, tensor<i32>
  }
  %v23 = stablehlo.broadcast_in_dim %w17#0, dims = [1, 2, 3] : (tensor<16x12x16xf32>) -> tensor<4x16x12x16xf32>
  %c24 = stablehlo.constant dense<0> : tensor<i32>
  %v25 = stablehlo.dynamic_slice %v23, %c24, %c24, %c24, %c24, sizes = [4, 8, 12, 8] : (tensor<4x16x12x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x12x8xf32>
  return %v25, %call11 : tensor<4x8x12x8xf32>, tensor<16x3x8xf32>
}
