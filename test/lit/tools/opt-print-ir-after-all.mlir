// RUN: meshjit-opt %s --mlir-print-ir-after-all -cse --meshjit-print-op-stats -o /dev/null \
// RUN:   2>&1 | FileCheck %s

// Python passes are dumped like MLIR's own, in pipeline order.
// CHECK: // -----// IR Dump After CSEPass: cse //----- //
// CHECK: %[[SUM:.*]] = stablehlo.add %arg0, %arg0
// CHECK-NEXT: stablehlo.multiply %[[SUM]], %[[SUM]]
// CHECK: Operations encountered:
// CHECK: // -----// IR Dump After meshjit-print-op-stats: meshjit-print-op-stats //----- //
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
