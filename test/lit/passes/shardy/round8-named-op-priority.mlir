// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 8: named computations (nested, with in/out shardings, holding constraints) under sdy-op-priority-propagate (jaxlib's sdy-propagation-pipeline rejects sdy.named_computation inputs).

// CHECK-LABEL: func.func {{(private )?}}@nested_named_computations(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_named_computations(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"outer">(%arg0) (%x: tensor<8x8xf32>) {
    %1 = sdy.named_computation<"inner">(%x) (%y: tensor<8x8xf32>) {
      %2 = stablehlo.negate %y : tensor<8x8xf32>
      sdy.return %2 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.abs %1 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@named_computation_with_shardings(
// CHECK-SAME: %arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @named_computation_with_shardings(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] (%x: tensor<8x8xf32>) {
    %1 = stablehlo.negate %x : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.abs %0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}


// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_inside_named_computation(
// CHECK: %1 = sdy.sharding_constraint %arg1 <@mesh, [{"c"}, {"a"}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"a", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @constraint_inside_named_computation(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"g">(%arg0) (%x: tensor<8x8xf32>) {
    %1 = sdy.sharding_constraint %x <@mesh, [{"c"}, {"a"}]> : tensor<8x8xf32>
    %2 = stablehlo.negate %1 : tensor<8x8xf32>
    sdy.return %2 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
