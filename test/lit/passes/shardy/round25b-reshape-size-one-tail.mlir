// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 25b: a reshape side done with all but its trailing size-one dims factors them right
// away, before the other side's last pieces (Shardy's factor order): 8x3x1 -> 12x2 is
// ([ij, l, m])->([ik, n]) {m=1, n=2}; meshjit factored the size-one dim last (sweep
// reshape_chain 19507, reshape 19579, 19862).
// CHECK-LABEL: func.func {{(private )?}}@size_one_tail_first(
// CHECK-SAME: %arg0: tensor<8x3x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ij, l, m])->([ik, n]) {i=4, j=2, k=3, l=3, m=1, n=2}>} : (tensor<8x3x1xf32>) -> tensor<12x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @size_one_tail_first(%arg0: tensor<8x3x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> tensor<12x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x3x1xf32>) -> tensor<12x2xf32>
  return %0 : tensor<12x2xf32>
}

// -----

// The result side's tail: 12x2 -> 8x3x1.
// CHECK-LABEL: func.func {{(private )?}}@result_tail_first(
// CHECK-SAME: %arg0: tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x3x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ij, n])->([ik, l, m]) {i=4, j=3, k=2, l=3, m=1, n=2}>} : (tensor<12x2xf32>) -> tensor<8x3x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @result_tail_first(%arg0: tensor<12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x3x1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<12x2xf32>) -> tensor<8x3x1xf32>
  return %0 : tensor<8x3x1xf32>
}
