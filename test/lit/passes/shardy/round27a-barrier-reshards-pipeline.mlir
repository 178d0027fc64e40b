// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 27a: Shardy's explicit reshards read a propagation barrier's result as the barrier's
// operand. On a func argument whose sub-axes the export cut off (an open dim), the op reading
// the barrier reshards it, to the sharding the barrier holds already (a concatenate), or is
// left alone (a dot whose result then holds more than its operands say).

// A concatenate of a barrier on such an argument: both operands resharded.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %arg1 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}, %arg2: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %arg2, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  return %v3 : tensor<24x12x8xf32>
}

// -----

// A dot of one: computed in its result's sharding, not its operand's.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)4}, {"a"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)4, ?}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<8x16xf32>
  %v3 = stablehlo.dot_general %v2, %arg2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %v4 = sdy.sharding_constraint %v3 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %v4 : tensor<8x8xf32>
}

// -----

// The barrier on an op's result (its sub-axis kept): nothing resharded.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %arg1 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}, %arg2: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<24x12x8xf32>) {
  %v1 = stablehlo.negate %arg1 : tensor<12x12x8xf32>
  %v2 = sdy.propagation_barrier %v1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %arg2, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  return %v3 : tensor<24x12x8xf32>
}

// -----

// Campaign 70175.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, tensor<24x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %2 = sdy.reshard %arg0 <@mesh, [{}, {}, {"c":(1)4}]> : tensor<12x12x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
// CHECK: %4 = stablehlo.subtract %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c":(1)4}]>]>} : tensor<12x12x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=1, "c"=8]>
func.func @main(%arg1: tensor<12x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c":(1)4, ?}]>}) -> (tensor<12x12x8xf32>, tensor<24x12x8xf32>) {
  %v2 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<12x12x8xf32>
  %v3 = stablehlo.concatenate %v2, %arg1, dim = 0 : (tensor<12x12x8xf32>, tensor<12x12x8xf32>) -> tensor<24x12x8xf32>
  %v4 = stablehlo.subtract %v2, %arg1 : tensor<12x12x8xf32>
  return %v4, %v3 : tensor<12x12x8xf32>, tensor<24x12x8xf32>
}

