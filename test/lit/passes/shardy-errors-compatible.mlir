// RUN: not meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' 2>&1 | FileCheck %s
// RUN: not meshjit-opt %s -split-input-file --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   2>&1 | FileCheck %s

// What Shardy's propagation refuses, the Shardy-compatible mode refuses in its words: a
// located error, exit code 1, never a Python traceback. (meshjit's own mode propagates these.)
// CHECK-NOT: Traceback

// A dynamic shape: reported at the first op (post-order) whose result has one, as Shardy does.
// CHECK: shardy-errors-compatible.mlir:[[# @LINE + 3]]:8: error: Shardy propagation only supports ranked tensors with a static shape. type: 'tensor<?x?xf32>'
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dynamic_dim(%arg0: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<?x8xf32>, tensor<8x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A tuple: reported at the first op (post-order) whose result is one, as Shardy does (session 36).
// CHECK: shardy-errors-compatible.mlir:[[# @LINE + 3]]:8: error: Shardy propagation doesn't support tuples: 'tuple<tensor<8x8xf32>, tensor<8xf32>>'
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @tuple_result(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>) {
  %t = stablehlo.tuple %arg0, %arg1 : tuple<tensor<8x8xf32>, tensor<8xf32>>
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8x8xf32>
  %1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8xf32>
  %2 = stablehlo.negate %0 : tensor<8x8xf32>
  return %2, %1 : tensor<8x8xf32>, tensor<8xf32>
}

// -----

// A tuple of a dynamic shape before an op of a dynamic shape: the tuple is reported (post-order).
// CHECK: shardy-errors-compatible.mlir:[[# @LINE + 3]]:8: error: Shardy propagation doesn't support tuples: 'tuple<tensor<?x8xf32>, tensor<8xf32>>'
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dynamic_tuple(%arg0: tensor<?x8xf32>, %arg1: tensor<8xf32>) -> (tensor<?x8xf32>) {
  %t = stablehlo.tuple %arg0, %arg1 : tuple<tensor<?x8xf32>, tensor<8xf32>>
  %0 = stablehlo.negate %arg0 : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A dead tuple after the ops that propagate: still refused (Shardy checks before it propagates).
// CHECK: shardy-errors-compatible.mlir:[[# @LINE + 4]]:8: error: Shardy propagation doesn't support tuples: 'tuple<tensor<8x8xf32>>'
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @dead_tuple(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %t = stablehlo.tuple %0 : tuple<tensor<8x8xf32>>
  %1 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
