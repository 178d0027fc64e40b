// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 14 (random MLIR campaign, tests/support/random_sdy.py): a manual computation's in and
// out shardings gain no manual axis from propagation (an operand sharded on one: meshjit used to
// write it into an open in_sharding dim, changing the body's local shape, and the verifier
// refused its output); Shardy's export makes them evenly sharded, as it does func arguments
// and results (an axis stops where it no longer divides the dim: "b"=4 on a dim of 2 is
// "b":(1)2, on a dim of 1 nothing).

// CHECK-LABEL: func.func {{(private )?}}@manual_axis_not_added_to_open_in_sharding(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"b"}]>] out_shardings=[<@mesh, [{}, {"b"}]>] manual_axes={"c"} (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=4]>
func.func @manual_axis_not_added_to_open_in_sharding(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>] manual_axes={"c"} (%m: tensor<8x8xf32>) {
    %1 = stablehlo.negate %m : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_axis_not_added_to_open_out_sharding(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{}, {"a"}]>] manual_axes={"c"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"c"}, {"a"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=4]>
func.func @manual_axis_not_added_to_open_out_sharding(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>] manual_axes={"c"} (%m: tensor<8x8xf32>) {
    %1 = stablehlo.negate %m : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.sharding_constraint %0 <@mesh, [{"c"}, {"a"}]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_boundaries_evenly_sharded(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b":(1)2}]>] out_shardings=[<@mesh, [{"a"}, {"b":(1)2}]>] manual_axes={"a"} (%arg1: tensor<4x2xf32>) {
// CHECK: %2 = stablehlo.subtract %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x2xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=4]>
func.func @manual_boundaries_evenly_sharded(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>] manual_axes={"a"} (%m: tensor<4x2xf32>) {
    %1 = stablehlo.subtract %m, %m : tensor<4x2xf32>
    sdy.return %1 : tensor<4x2xf32>
  } : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %2 = stablehlo.negate %0 : tensor<8x2xf32>
  return %2 : tensor<8x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_in_sharding_on_size_one_dim(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c"}, {}]>] out_shardings=[<@mesh, [{}, {"c"}]>] manual_axes={"a", "c"} (%arg1: tensor<2x1xf32>) {
// CHECK: %1 = stablehlo.subtract %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<2x1xf32>
// CHECK: %2 = stablehlo.concatenate %1, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<4x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=4]>
func.func @manual_in_sharding_on_size_one_dim(%arg0: tensor<8x1xf32>) -> tensor<4x4xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c"}, {"b"}]>] out_shardings=[<@mesh, [{}, {"c"}]>] manual_axes={"a", "c"} (%m: tensor<2x1xf32>) {
    %1 = stablehlo.subtract %m, %m : tensor<2x1xf32>
    %2 = stablehlo.concatenate %1, %1, dim = 0 : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<4x1xf32>
    sdy.return %2 : tensor<4x1xf32>
  } : (tensor<8x1xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
