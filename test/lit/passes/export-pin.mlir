// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate, meshjit-export{pin-op-shardings=true})' \
// RUN:   | FileCheck %s

// XLA ignores `sdy.sharding` on ordinary ops, so pinning restates each op result's sharding as
// a sharding constraint that the op's users read; constants are not pinned (Shardy copies them
// per use).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @pin
// CHECK: %[[CST:.*]] = stablehlo.constant
// CHECK-NOT: sdy.sharding_constraint %[[CST]]
// CHECK: %[[ADD:.*]] = stablehlo.add %arg0, %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK-NEXT: %[[PIN:.*]] = sdy.sharding_constraint %[[ADD]] <@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %[[PIN]]
// CHECK-NEXT: %[[PIN2:.*]] = sdy.sharding_constraint %[[NEG]] <@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: return %[[PIN2]]
func.func @pin(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x16xf32> {
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<8x16xf32>
  %0 = stablehlo.add %arg0, %cst : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// Nothing is pinned inside a manual computation's body (its values are per-device).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @manual_body
// CHECK: sdy.manual_computation
// CHECK-NOT: sdy.sharding_constraint
// CHECK: sdy.return
// CHECK: sdy.sharding_constraint
func.func @manual_body(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%local: tensor<4x16xf32>) {
    %1 = stablehlo.negate %local : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.abs %0 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
