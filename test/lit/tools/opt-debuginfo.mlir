// RUN: meshjit-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: meshjit-opt %s | FileCheck %s --check-prefix=NODEBUG

// CHECK-LABEL: func.func @located
// CHECK: stablehlo.negate %arg0 : tensor<4xf32> loc([[LOC:#loc[0-9]*]])
// CHECK: [[LOC]] = loc("model.py":12:3)
// NODEBUG-NOT: loc(
func.func @located(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %a : tensor<4xf32> loc("model.py":12:3)
  return %0 : tensor<4xf32>
}
