// RUN: meshjit-opt %s -verify-diagnostics --meshjit-prepare-for-xla
// RUN: not meshjit-opt %s --meshjit-prepare-for-xla 2>&1 | FileCheck %s

// XLA's sdy import aborts the process (a CHECK) on a manual computation whose sharding holds
// unreduced axes that are not manual: meshjit names it, at its location, and exits 1.
// CHECK-NOT: Traceback
// CHECK: prepare-for-xla-errors.mlir:[[# @LINE + 4]]:8: error: a sdy.manual_computation's in/out sharding has unreduced axes that are not among its manual axes ("b")
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{unreduced axes that are not among its manual axes ("b"), which XLA cannot compile}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}], unreduced={"b"}>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
