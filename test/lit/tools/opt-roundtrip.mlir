// RUN: meshjit-opt %s -split-input-file | FileCheck %s
// The output is `// -----`-joined, so it can be fed back in unchanged.
// RUN: meshjit-opt %s -split-input-file | meshjit-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT: return %[[SUM]] : tensor<4xf32>
func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Generic form is printed back in custom form.
// CHECK: // -----
// CHECK-LABEL: func.func @generic
// CHECK-NEXT: stablehlo.multiply %arg0, %arg0 : tensor<2x3xbf16>
func.func @generic(%a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = "stablehlo.multiply"(%a, %a) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// CHECK: // -----
// CHECK: sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @sharded
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {?}]>}
// CHECK: sdy.sharding_constraint %arg0 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @sharded(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {?}]>})
    -> tensor<8x16xf32> {
  %0 = sdy.sharding_constraint %a <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
