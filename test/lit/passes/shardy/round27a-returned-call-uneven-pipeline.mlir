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

