// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 25b: in the first op-priority stages a dynamic_update_slice runs forward only, and the
// result's own axes bound its operands' claims. Where the result's "c" conflicts with the
// update's "b", the factor keeps only what every claim and the result agree on (nothing):
// the update's claim, cut to nothing by the result, still cuts %arg0's "c", "a" (meshjit gave
// the result "a" from %arg0; sweep dynamic_update_slice 19125).
// CHECK-LABEL: func.func {{(private )?}}@result_conflict_cuts_every_claim(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}, {}]>}, %arg1: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : (tensor<8x2xf32>, tensor<8x1xf32>, tensor<i32>, tensor<i32>) -> tensor<8x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @result_conflict_cuts_every_claim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}, {}]>}, %arg1: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<8x2xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : (tensor<8x2xf32>, tensor<8x1xf32>, tensor<i32>, tensor<i32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// The sweep's case: the result also holds "b" on a size-one dim; an update dim of size one.
// CHECK-LABEL: func.func {{(private )?}}@sweep_19125(
// CHECK-SAME: %arg0: tensor<12x1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}, {}, {}]>}, %arg1: tensor<12x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}, {}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>) -> (tensor<12x1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3, %arg4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"b"}, {?}]>]>} : (tensor<12x1x2xf32>, tensor<12x1x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<12x1x2xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=2]>
func.func @sweep_19125(%arg0: tensor<12x1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}, {}, {}]>}, %arg1: tensor<12x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}, {}]>}, %arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>) -> tensor<12x1x2xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3, %arg4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"b"}, {?}]>]>} : (tensor<12x1x2xf32>, tensor<12x1x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<12x1x2xf32>
  return %0 : tensor<12x1x2xf32>
}
