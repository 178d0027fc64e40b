// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

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
