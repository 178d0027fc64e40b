// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

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

