// RUN: meshjit-opt %s -split-input-file --meshjit-propagate | FileCheck %s

// meshjit's own mode: a tuple is its elements' slots. %arg0's axes reach the callee through the
// nested tuple argument, and come back through its tuple result; the tuples carry no sharding.
sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func private @pair
// CHECK-SAME: (%arg0: tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>) -> tuple<tensor<8x16xf32>, tensor<16xf32>> {
// CHECK: %[[A:.*]] = stablehlo.get_tuple_element %arg0[0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
// CHECK: %[[I:.*]] = stablehlo.get_tuple_element %arg0[1] : (
// CHECK: stablehlo.get_tuple_element %[[I]][0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}]>]>}
// CHECK: stablehlo.negate %[[A]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
// CHECK: stablehlo.tuple %{{.*}}, %{{.*}} : tuple
func.func private @pair(%p: tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>) -> tuple<tensor<8x16xf32>, tensor<16xf32>> {
  %a = stablehlo.get_tuple_element %p[0] : (tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>) -> tensor<8x16xf32>
  %i = stablehlo.get_tuple_element %p[1] : (tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>) -> tuple<tensor<16xf32>>
  %b = stablehlo.get_tuple_element %i[0] : (tuple<tensor<16xf32>>) -> tensor<16xf32>
  %n = stablehlo.negate %a : tensor<8x16xf32>
  %t = stablehlo.tuple %n, %b : tuple<tensor<8x16xf32>, tensor<16xf32>>
  return %t : tuple<tensor<8x16xf32>, tensor<16xf32>>
}
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}]>})
// CHECK: %[[R:.*]] = call @pair
// CHECK: stablehlo.get_tuple_element %[[R]][0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
// CHECK: stablehlo.get_tuple_element %[[R]][1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}]>]>}
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<8x16xf32>, tensor<16xf32>) {
  %in = stablehlo.tuple %arg1 : tuple<tensor<16xf32>>
  %p = stablehlo.tuple %arg0, %in : tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>
  %r = call @pair(%p) : (tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>) -> tuple<tensor<8x16xf32>, tensor<16xf32>>
  %r0 = stablehlo.get_tuple_element %r[0] : (tuple<tensor<8x16xf32>, tensor<16xf32>>) -> tensor<8x16xf32>
  %r1 = stablehlo.get_tuple_element %r[1] : (tuple<tensor<8x16xf32>, tensor<16xf32>>) -> tensor<16xf32>
  return %r0, %r1 : tensor<8x16xf32>, tensor<16xf32>
}

// -----

// Backward through a tuple-typed func argument: both reads of its element share one sharding
// (the result's sharding reaches the other read through the element).
sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func @tuple_argument
// CHECK-SAME: (%arg0: tuple<tensor<8x16xf32>, tensor<16xf32>>)
// CHECK: stablehlo.get_tuple_element %arg0[0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}]>]>}
// CHECK: stablehlo.get_tuple_element %arg0[0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}]>]>}
// CHECK: stablehlo.negate %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}]>]>}
func.func @tuple_argument(%p: tuple<tensor<8x16xf32>, tensor<16xf32>>)
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<8x16xf32>) {
  %a = stablehlo.get_tuple_element %p[0] : (tuple<tensor<8x16xf32>, tensor<16xf32>>) -> tensor<8x16xf32>
  %c = stablehlo.get_tuple_element %p[0] : (tuple<tensor<8x16xf32>, tensor<16xf32>>) -> tensor<8x16xf32>
  %d = stablehlo.negate %c : tensor<8x16xf32>
  return %a, %d : tensor<8x16xf32>, tensor<8x16xf32>
}
