// SHARDY: sdy-op-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false})' \
// RUN:   | FileCheck %s

// Round 23b: Shardy's middle op-priority stage runs twice, both times without forward
// propagation through broadcasts: pass-through factors first, then every factor. So a padded
// dim, a reversed dim or a dot's contracting dim reaches a broadcast's result backwards before
// the broadcast forwards its operand (on another mesh here, so whichever comes first wins);
// between two such factors program order decides (campaign 24099).

// CHECK-LABEL: func.func {{(private )?}}@padded_dim_before_broadcast_forward(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}) -> (tensor<10x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.pad %0, %cst, low = [2, 0], high = [0, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<10x16xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}, {}]> : tensor<10x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=1]>
sdy.mesh @mesh1 = <["a"=2, "b"=8, "c"=8, "d"=2]>
func.func @padded_dim_before_broadcast_forward(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}) -> (tensor<10x16xf32>) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %1 = stablehlo.pad %0, %cst, low = [2, 0], high = [0, 0], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<10x16xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}, {}]> : tensor<10x16xf32>
  return %2 : tensor<10x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@contracting_dim_before_broadcast_forward(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<4x16xf32> {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=1]>
sdy.mesh @mesh1 = <["a"=2, "b"=8, "c"=8, "d"=2]>
func.func @contracting_dim_before_broadcast_forward(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<4x16xf32>) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.dot_general %arg1, %0, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@through_elementwise_ops(
// CHECK-SAME: %arg0: tensor<8x48xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c":(4)2}, {}]>}) -> (tensor<10x8x51xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c":(4)2, ?}, {?}]>]>} : tensor<8x48xf32>
// CHECK: %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a":(1)2, ?}]>]>} : (tensor<8x48xf32>) -> tensor<8x8x48xf32>
// CHECK: %2 = stablehlo.sqrt %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a":(1)2, ?}]>]>} : tensor<8x8x48xf32>
// CHECK: %3 = stablehlo.pad %2, %cst, low = [2, 0, 2], high = [0, 0, 1], interior = [0, 0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"a":(1)2, ?}]>]>} : (tensor<8x8x48xf32>, tensor<f32>) -> tensor<10x8x51xf32>
// CHECK: %4 = sdy.sharding_constraint %3 <@mesh, [{?}, {}, {"a":(1)2}]> : tensor<10x8x51xf32>
sdy.mesh @mesh = <["a"=8, "b"=1]>
sdy.mesh @mesh1 = <["a"=2, "b"=8, "c"=8, "d"=2]>
func.func @through_elementwise_ops(%arg0: tensor<8x48xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c":(4)2}, {}]>}) -> (tensor<10x8x51xf32>) {
  %0 = stablehlo.tanh %arg0 : tensor<8x48xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<8x48xf32>) -> tensor<8x8x48xf32>
  %2 = stablehlo.sqrt %1 : tensor<8x8x48xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %3 = stablehlo.pad %2, %cst, low = [2, 0, 2], high = [0, 0, 1], interior = [0, 0, 0] : (tensor<8x8x48xf32>, tensor<f32>) -> tensor<10x8x51xf32>
  %4 = sdy.sharding_constraint %3 <@mesh, [{?}, {}, {"a":(1)2}]> : tensor<10x8x51xf32>
  return %4 : tensor<10x8x51xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@contracting_dim_then_reversed_dim_in_program_order(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<4x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c", ?}, {?}]>}) {
// CHECK: %1 = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c", ?}, {?}]>]>} : tensor<8x16xf32>
// CHECK: %2 = sdy.sharding_constraint %1 <@mesh1, [{"c"}, {}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=1]>
sdy.mesh @mesh1 = <["a"=2, "b"=8, "c"=8, "d"=2]>
func.func @contracting_dim_then_reversed_dim_in_program_order(%arg0: tensor<8x16xf32>, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<4x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.reverse %arg0, dims = [0] : tensor<8x16xf32>
  %2 = sdy.sharding_constraint %1 <@mesh1, [{"c"}, {}]> : tensor<8x16xf32>
  return %0, %2 : tensor<4x16xf32>, tensor<8x16xf32>
}
