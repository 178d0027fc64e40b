// RUN: meshjit-opt %s --meshjit-print-op-stats -o /dev/null 2>&1 | FileCheck %s
// RUN: meshjit-opt %s --pass-pipeline='builtin.module(meshjit-print-op-stats{json=true})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// Python passes run in order with upstream ones: the stats see the module after cse.
// RUN: meshjit-opt %s --pass-pipeline='builtin.module(func.func(cse),meshjit-print-op-stats)' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSE

// CHECK: Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT: builtin.module , 1
// CHECK-NEXT: func.func , 1
// CHECK-NEXT: func.return , 1
// CHECK-NEXT: stablehlo.add , 2
// CHECK-NEXT: stablehlo.multiply , 1

// JSON: "stablehlo.add": 2,
// JSON-NEXT: "stablehlo.multiply": 1

// CSE: stablehlo.add , 1
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
