// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 17 (random MLIR campaign): Shardy's export picks a concatenate's sharding from its
// operands' and result's; an operand that is a manual computation's body argument holds the
// in_sharding without the manual axes, a loop body's argument its loop's sharding. meshjit read
// no sharding there, so the result's won and both operands were resharded (campaign seed 5048).

// CHECK-LABEL: func.func @concatenate_of_manual_body_argument(
// CHECK: %1 = stablehlo.concatenate %arg1, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}]>]>}
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{"a"}, {}, {}]>
sdy.mesh @mesh = <["a"=2, "c"=4]>
func.func @concatenate_of_manual_body_argument(%arg0: tensor<8x4x2xf32>) -> tensor<8x8x2xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c"}, {}, {"a"}]>] out_shardings=[<@mesh, [{"c"}, {}, {}]>] manual_axes={"c"} (%m: tensor<2x4x2xf32>) {
    %1 = stablehlo.concatenate %m, %m, dim = 1 : (tensor<2x4x2xf32>, tensor<2x4x2xf32>) -> tensor<2x8x2xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}, {}, {}]> : tensor<2x8x2xf32>
    sdy.return %2 : tensor<2x8x2xf32>
  } : (tensor<8x4x2xf32>) -> tensor<8x8x2xf32>
  return %0 : tensor<8x8x2xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate_of_loop_body_argument(
// CHECK: %2 = stablehlo.concatenate %iterArg_0, %iterArg_0, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}]>]>}
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"a"}, {}, {}]>
sdy.mesh @mesh = <["a"=2, "c"=4]>
func.func @concatenate_of_loop_body_argument(%arg0: tensor<2x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) -> tensor<2x4x2xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<2x4x2xf32>
    cond {
      %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %1 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2x4x2xf32>, tensor<2x4x2xf32>) -> tensor<2x8x2xf32>
      %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}, {}, {}]> : tensor<2x8x2xf32>
      %3 = stablehlo.slice %2 [0:2, 0:4, 0:2] : (tensor<2x8x2xf32>) -> tensor<2x4x2xf32>
      stablehlo.return %i, %3 : tensor<i32>, tensor<2x4x2xf32>
    }
  return %0#1 : tensor<2x4x2xf32>
}

// -----

// Candidates for a dim that weigh the same (here dim 2's "c" of both operands and "a" of the
// result, 512 elements each) go to the one over more devices, "c": the concatenate keeps its
// operands' sharding. meshjit took the result's "a" (the later
// tensor's), and so left dim 0 unsharded (campaign seeds 30034, 9112).

// CHECK-LABEL: func.func @concatenate_tie_prefers_more_devices(
// CHECK: %1 = stablehlo.concatenate %0, %arg0, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {"c"}]>]>}
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{}, {}, {"a"}]>
sdy.mesh @mesh = <["a"=2, "c"=4]>
func.func @concatenate_tie_prefers_more_devices(%arg0: tensor<4x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"c"}]>}) -> tensor<4x16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4x8x8xf32>
  %1 = stablehlo.concatenate %0, %arg0, dim = 1 : (tensor<4x8x8xf32>, tensor<4x8x8xf32>) -> tensor<4x16x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}, {"a"}]> : tensor<4x16x8xf32>
  return %2 : tensor<4x16x8xf32>
}

// -----

// The concatenated dim's axes move to another dim only as a prefix no other dim holds: "a" is
// dim 0's already, so "c" (after it) stays behind too. meshjit moved "c" alone (campaign seed
// 9257).

// CHECK-LABEL: func.func @concatenate_moves_only_a_free_prefix(
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]>
// CHECK-NEXT: %1 = stablehlo.concatenate %arg1, %0, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
sdy.mesh @mesh = <["a"=4, "c"=2]>
func.func @concatenate_moves_only_a_free_prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "c"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.concatenate %arg1, %arg0, dim = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
