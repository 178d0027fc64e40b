// SHARDY: sdy-aggressive-propagate{conservative-propagation=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true})' \
// RUN:   | FileCheck %s

// Round 20b: conservative propagation cuts a factor's source axes at their first sub-axis,
// not what the tensors then agree on.

// %arg0's whole "c" is the source; the closed result cuts it to "c":(1)2, which the open
// operand %arg1 then takes (select 12012).
// CHECK-LABEL: func.func {{(private )?}}@result_cuts_to_a_sub_axis(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}, {?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=4, "d"=2]>
func.func @result_cuts_to_a_sub_axis(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {}]>]>} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A source's own sub-axis does not propagate through an op.
// CHECK-LABEL: func.func {{(private )?}}@source_sub_axis_stays(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {?}]>}) -> tensor<4x8xf32> {
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=4, "d"=2]>
func.func @source_sub_axis_stays(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A propagation barrier passes sub-axes in its allowed direction, forward (campaign 50027)...
// CHECK-LABEL: func.func {{(private )?}}@barrier_forward(
// CHECK-SAME: %arg0: tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}, {?}]>}) -> (tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"c"}, {}]>]>} : tensor<8x6x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, ?}, {"c", ?}, {?}]>]>} : tensor<8x6x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}, {?}]>]>} : tensor<8x6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=1, "c"=8]>
func.func @barrier_forward(%arg0: tensor<8x6x8xf32>) -> tensor<8x6x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"c"}, {}]>]>} : tensor<8x6x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD : tensor<8x6x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x6x8xf32>
  return %2 : tensor<8x6x8xf32>
}

// -----

// ... and backward.
// CHECK-LABEL: func.func {{(private )?}}@barrier_backward(
// CHECK-SAME: %arg0: tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}, {?}]>}) -> (tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}, {"c", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, ?}, {"c", ?}, {?}]>]>} : tensor<8x6x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"c"}, {}]>]>} : tensor<8x6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=1, "c"=8]>
func.func @barrier_backward(%arg0: tensor<8x6x8xf32>) -> tensor<8x6x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x6x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"c"}, {}]>]>} : tensor<8x6x8xf32>
  return %1 : tensor<8x6x8xf32>
}
