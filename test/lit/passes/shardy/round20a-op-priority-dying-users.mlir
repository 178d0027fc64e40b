// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 20a: Shardy's op-priority pass asks whether a pass-through op's operand has another
// use when its greedy driver reaches the op (only such ops wait for the others of the first
// stage). A user that died before then does not count: here the slice, dead once the driver
// erased the dead case before the negate. So the negate takes the argument's sharding before
// the constraint reaches it. meshjit counted the dying slice as another use, held the negate
// back, and the constraint's sharding reached it first (campaign seeds 60119, 60125, 60293,
// 22138).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "d", ?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"b", ?}]>]>} : tensor<8x2xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{"b", ?}, {"a", "d", ?}p1]> : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=4, "d"=4]>
func.func @main(%arg1: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) {
  %v2 = stablehlo.slice %arg1 [0:8, 0:2] : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %c3 = stablehlo.constant dense<1> : tensor<i32>
  %case4 = "stablehlo.case"(%c3) ({
    stablehlo.return %v2 : tensor<8x2xf32>
  }, {
    stablehlo.return %v2 : tensor<8x2xf32>
  }) : (tensor<i32>) -> tensor<8x2xf32>
  %v8 = stablehlo.negate %arg1 : tensor<8x2xf32>
  %v9 = sdy.sharding_constraint %v8 <@mesh, [{"b", ?}, {"a", "d", ?}p1]> : tensor<8x2xf32>
  return %v9 : tensor<8x2xf32>
}

// -----
// A dead user after the op still counts (the driver erases it only when it reaches it): the
// transpose waits, and the constraint, which the func result reached first, gives it its
// sharding. meshjit erased the dead sqrt first and let the transpose take the argument's
// (campaign seed 23060).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", "a"}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"c", "a", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{"b"}, {"c", "a", ?}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=1, "b"=4, "c"=4]>
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", "a"}]>}) {
  %v2 = stablehlo.transpose %arg1, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %v3 = stablehlo.sqrt %arg1 : tensor<8x16xf32>
  %v4 = sdy.sharding_constraint %v2 <@mesh, [{"b"}, {?}p2]> : tensor<8x16xf32>
  return %v4 : tensor<8x16xf32>
}
