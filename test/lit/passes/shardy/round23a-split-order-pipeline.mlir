// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: Shardy's constant splitter orders an iota's (a constant's) copies as the uses
// outside the constant expressions they feed: here the return's operands, cosine's first,
// although abs comes first in the block (campaign 63095).

// CHECK-LABEL: func.func {{(private )?}}@copies_follow_the_uses_they_feed(
// CHECK-SAME: %arg0: tensor<16x16xf32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d":(1)2}, {"a"}]>}, tensor<16x16xf32>) {
// CHECK: %0 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d":(1)2}, {"a"}]>]>} : tensor<16x16xf32>
// CHECK: %3 = stablehlo.cosine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d":(1)2}, {"a"}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=8, "d"=8]>
func.func @copies_follow_the_uses_they_feed(%arg0: tensor<16x16xf32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d":(1)2}, {"a", ?}]>}, tensor<16x16xf32>) {
  %i3 = stablehlo.iota dim = 1 : tensor<16x16xf32>
  %v14 = stablehlo.abs %i3 : tensor<16x16xf32>
  %v15 = stablehlo.cosine %i3 : tensor<16x16xf32>
  return %v15, %v14 : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constant_copies_follow_the_uses_they_feed(
// CHECK-SAME: %arg0: tensor<16x16xf32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d":(1)2}, {"a"}]>}, tensor<16x16xf32>) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d":(1)2}, {"a"}]>]>} dense<1.000000e+00> : tensor<16x16xf32>
// CHECK: %1 = sdy.constant dense<1.000000e+00> : tensor<16x16xf32>
// CHECK: %3 = stablehlo.cosine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d":(1)2}, {"a"}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=8, "d"=8]>
func.func @constant_copies_follow_the_uses_they_feed(%arg0: tensor<16x16xf32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d":(1)2}, {"a", ?}]>}, tensor<16x16xf32>) {
  %i3 = stablehlo.constant dense<1.0> : tensor<16x16xf32>
  %v14 = stablehlo.abs %i3 : tensor<16x16xf32>
  %v15 = stablehlo.cosine %i3 : tensor<16x16xf32>
  return %v15, %v14 : tensor<16x16xf32>, tensor<16x16xf32>
}
