// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 26b: op priority (issue 19). Element-wise ops propagate first: the add's operand
// sharding reaches the dot's result before the dot's operands decide it.
// CHECK-LABEL: func.func {{(private )?}}@elementwise_before_dot(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return %1 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @elementwise_before_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// Host offloading custom calls count as element-wise: MoveToHost / MoveToDevice pass the
// argument's sharding on before the broadcast's backward step.
// CHECK-LABEL: func.func {{(private )?}}@host_offload_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.custom_call @MoveToHost(%arg0) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.custom_call @MoveToDevice(%0) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %2 = stablehlo.broadcast_in_dim %arg1, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK: %3 = stablehlo.multiply %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x16xf32>
// CHECK: return %3 : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @host_offload_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @MoveToHost(%arg0) {backend_config = ""} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.custom_call @MoveToDevice(%0) {backend_config = ""} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %3 = stablehlo.multiply %1, %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// A dynamic_slice whose operand has other users: its forward step waits, so the other user's
// sharding reaches the slice's result first.
// CHECK-LABEL: func.func {{(private )?}}@multi_use_dynamic_slice(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [4, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<4x8xf32>
// CHECK: %2 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<32x8xf32>
// CHECK: return %1, %2 : tensor<4x8xf32>, tensor<32x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @multi_use_dynamic_slice(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<4x8xf32>, tensor<32x8xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [4, 8] : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<4x8xf32>
  %2 = stablehlo.negate %arg0 : tensor<32x8xf32>
  return %1, %2 : tensor<4x8xf32>, tensor<32x8xf32>
}

// -----

// A single-use dynamic_slice propagates forward at once.
// CHECK-LABEL: func.func {{(private )?}}@single_use_dynamic_slice(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [4, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<4x8xf32>
// CHECK: return %1 : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @single_use_dynamic_slice(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [4, 8] : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Pass-through factors before reduction factors: the reduce's kept dim takes "a" from its
// user before the reduced dim's "a" from the operand can.
// CHECK-LABEL: func.func {{(private )?}}@pass_through_before_reduction(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
// CHECK: return %1 : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @pass_through_before_reduction(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// The same inside a manual computation: the body's dot takes its pass-through factor's axis
// before its contracting factor's.
// CHECK-LABEL: func.func {{(private )?}}@manual_pass_through_first(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"b", "a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%arg2: tensor<4x16xf32>, %arg3: tensor<16x8xf32>) {
// CHECK: %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"a", ?}, {?}]> : tensor<4x8xf32>
// CHECK: %3 = stablehlo.negate %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x8xf32>
// CHECK: %4 = sdy.sharding_constraint %3 <@mesh, [{"a", ?}, {?}]> : tensor<16x8xf32>
// CHECK: %5 = stablehlo.add %2, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<4x8xf32>
// CHECK: sdy.return %5 : tensor<4x8xf32>
// CHECK: return %0 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @manual_pass_through_first(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"b", ?}, {?}]>, <@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%a0: tensor<4x16xf32>, %a1: tensor<16x8xf32>) {
    %1 = stablehlo.dot_general %a0, %a1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"a", ?}, {?}]> : tensor<4x8xf32>
    %3 = stablehlo.negate %a1 : tensor<16x8xf32>
    %4 = sdy.sharding_constraint %3 <@mesh, [{"a", ?}, {?}]> : tensor<16x8xf32>
    %5 = stablehlo.add %2, %2 : tensor<4x8xf32>
    sdy.return %5 : tensor<4x8xf32>
  } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
