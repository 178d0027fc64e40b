// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(cse, canonicalize))' | FileCheck %s
// The flag form builds the same pipeline, in flag order.
// RUN: meshjit-opt %s -split-input-file -cse -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @common_subexpression
// CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %arg0, %arg0
// CHECK-NEXT: %[[PRODUCT:.*]] = stablehlo.multiply %[[SUM]], %[[SUM]]
// CHECK-NEXT: return %[[PRODUCT]]
func.func @common_subexpression(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// canonicalize erases dead pure ops (StableHLO's own folds live in other passes).
// CHECK-LABEL: func.func @dead_code
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT: return %[[C]]
func.func @dead_code(%a: tensor<4xf32>) -> tensor<i32> {
  %0 = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.exponential %a : tensor<4xf32>
  %2 = stablehlo.add %0, %0 : tensor<i32>
  return %0 : tensor<i32>
}
