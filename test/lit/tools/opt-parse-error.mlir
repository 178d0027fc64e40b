// RUN: not meshjit-opt %s 2>&1 | FileCheck %s
// RUN: not meshjit-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT

// CHECK-NOT: Traceback
// CHECK: opt-parse-error.mlir:[[# @LINE + 3]]:8: error: custom op 'stablehlo.frobnicate' is unknown
// CHECK-NOT: Traceback
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.frobnicate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Line numbers stay those of the file in later chunks too.
// SPLIT: opt-parse-error.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: expected ':'
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a tensor<4xf32>
}
