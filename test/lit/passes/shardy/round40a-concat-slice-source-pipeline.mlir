// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 40a: which concatenates Shardy's export computes with the concatenated dim's axes kept
// (campaign 80516): every operand a slice, or one value and slices of it (at least one); any
// other operand, a slice of a slice, or no slice moves the pick to the other dims.

// The argument, then a slice of it: Shardy keeps the pick (the order does not matter).
// CHECK-LABEL: func.func {{(private )?}}@x_slice(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %1, %0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @x_slice(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %arg1, %v6, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// A slice of the argument and the argument twice: kept.
// CHECK-LABEL: func.func {{(private )?}}@slice_x_x_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.concatenate %0, %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_x_x_x(%arg1: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg1, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// The argument between two slices of it: kept (a wrapping pad's shape).
// CHECK-LABEL: func.func {{(private )?}}@slice_x_x_slice_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, %0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_x_x_slice_x(%arg1: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v5 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v5, %arg1, %v6, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// A slice and its argument concatenated on dim 1: kept.
// CHECK-LABEL: func.func {{(private )?}}@slice_x_x_other_dim(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : (tensor<8x8xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : (tensor<8x4xf32>, tensor<8x8xf32>) -> tensor<8x12xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_x_x_other_dim(%arg1: tensor<8x8xf32>) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x8xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg1, dim = 1 : (tensor<8x4xf32>, tensor<8x8xf32>) -> tensor<8x12xf32>
  return %v7 : tensor<8x12xf32>
}

// -----

// An op result (not an argument) and a slice of it, their shardings disagreeing: kept.
// CHECK-LABEL: func.func {{(private )?}}@slice_negx_negx(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_negx_negx(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %x = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x4xf32>
  %v6 = stablehlo.slice %x [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %x, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// The same without the disagreement: nothing to reshard.
// CHECK-LABEL: func.func {{(private )?}}@slice_neg_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %1, %0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_neg_x(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %x = stablehlo.negate %arg1 : tensor<8x4xf32>
  %v6 = stablehlo.slice %x [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %x, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// A slice of a slice of the argument and the argument: moved (the slice must read the value itself).
// CHECK-LABEL: func.func {{(private )?}}@slice_slice_x_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %4 = stablehlo.concatenate %2, %3, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_slice_x_x(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v5 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v6 = stablehlo.slice %v5 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// The argument twice, no slice: moved.
// CHECK-LABEL: func.func {{(private )?}}@x_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @x_x(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v7 = stablehlo.concatenate %arg1, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}

// -----

// A slice of the argument, the argument and another argument: moved.
// CHECK-LABEL: func.func {{(private )?}}@slice_x_x_y(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %arg1 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %4 = stablehlo.concatenate %1, %2, %3, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_x_x_y(%arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %arg1, %arg2, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// A slice of another argument, the argument and a slice of it: moved.
// CHECK-LABEL: func.func {{(private )?}}@slice_y_x_slice_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %arg1 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %4 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %5 = stablehlo.concatenate %2, %3, %4, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_y_x_slice_x(%arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v5 = stablehlo.slice %arg2 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v5, %arg1, %v6, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// A slice of the argument, a slice of another argument and the argument: moved.
// CHECK-LABEL: func.func {{(private )?}}@slice_x_slice_y_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %arg1 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %1 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %4 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x4xf32>
// CHECK: %5 = stablehlo.concatenate %2, %3, %4, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<24x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_x_slice_y_x(%arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<24x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v5 = stablehlo.slice %arg2 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %v5, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  return %v7 : tensor<24x4xf32>
}

// -----

// Two slices of the argument, one constrained: every operand a slice (round 27a).
// CHECK-LABEL: func.func {{(private )?}}@slice_x_slice_x(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.slice %arg0 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @slice_x_slice_x(%arg1: tensor<8x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %v6 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v5 = stablehlo.slice %arg1 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>}: (tensor<8x4xf32>) -> tensor<8x4xf32>
  %v7 = stablehlo.concatenate %v6, %v5, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %v7 : tensor<16x4xf32>
}
