// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// The op-priority-more cases through sdy-propagation-pipeline.

// CHECK-LABEL: func.func {{(private )?}}@element_wise_over_dot_general(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @element_wise_over_dot_general(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_forward_later(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @broadcast_forward_later(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_after_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: %2 = stablehlo.reduce(%arg1 init: %0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: %3 = stablehlo.add %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_after_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %2 = stablehlo.add %0, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@transpose_before_dot(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<16x8xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @transpose_before_dot(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@move_to_host_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.custom_call @MoveToHost(%arg0) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.custom_call @MoveToDevice(%0) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @move_to_host_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @MoveToHost(%arg0) {backend_config = ""} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.custom_call @MoveToDevice(%0) {backend_config = ""} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_single_use(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_slice_single_use(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 8] : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dynamic_slice_two_uses(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<4x8xf32>
// CHECK: %2 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dynamic_slice_two_uses(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}, %arg1: tensor<i32>, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}]>}) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 8] : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<4x8xf32>
  %2 = stablehlo.negate %0 : tensor<4x8xf32>
  return %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_before_reduce(
// CHECK-SAME: %arg0: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x4x4xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %3 = stablehlo.reduce(%1 init: %2) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reshape_before_reduce(%arg0: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4x4xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@conflict_between_elementwise_and_dot(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @conflict_between_elementwise_and_dot(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_backward_before_forward(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @broadcast_backward_before_forward(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_and_concat(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.slice %arg0 [8:16, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = stablehlo.concatenate %1, %0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @slice_and_concat(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.slice %arg0 [0:8, 0:8] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.slice %arg0 [8:16, 0:8] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.concatenate %1, %0, dim = 0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}
