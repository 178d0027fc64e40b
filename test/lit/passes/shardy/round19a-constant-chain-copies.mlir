// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 19a: an op reading one constant expression twice gets a copy of the whole expression
// per use from the import; the export merges the copies it reads back into one, the
// expressions they were computed from too (meshjit merged only copies reading one value, so
// the two broadcasts of two negate copies stayed; campaign seed 50096). Equal ops the user
// wrote stay apart (round18a-export-pipeline.mlir, equal_iotas_merged): the import marks its
// copies.

// CHECK-LABEL: func.func @main
// CHECK: %[[C:.*]] = sdy.constant dense<1.000000e+00> : tensor<2x4xf32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[C]] : tensor<2x4xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[N]], dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x2xf32>
// CHECK-NEXT: stablehlo.multiply %[[B]], %[[B]] : tensor<2x4x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x4x2xf32>, tensor<2xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<2x4xf32>
  %0 = stablehlo.negate %c : tensor<2x4xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x2xf32>
  %2 = stablehlo.multiply %1, %1 : tensor<2x4x2xf32>
  %3 = stablehlo.abs %arg0 : tensor<2xf32>
  return %2, %3 : tensor<2x4x2xf32>, tensor<2xf32>
}

// -----

// The same from an iota: the copies of the iota merge with the copies of the abs.

// CHECK-LABEL: func.func @main
// CHECK: %[[I:.*]] = stablehlo.iota dim = 0
// CHECK-NEXT: %[[A:.*]] = stablehlo.abs %[[I]]
// CHECK-NEXT: stablehlo.add %[[A]], %[[A]]
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<16xf32> {
  %i = stablehlo.iota dim = 0 : tensor<16xf32>
  %a = stablehlo.abs %i : tensor<16xf32>
  %m = stablehlo.add %a, %a : tensor<16xf32>
  %r = stablehlo.add %m, %arg0 : tensor<16xf32>
  return %r : tensor<16xf32>
}
