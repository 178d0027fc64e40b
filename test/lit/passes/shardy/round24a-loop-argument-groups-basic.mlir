// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 24a: a sharding group on a loop body's argument (no data-flow edges: the bare
// passes). The group sync sets the argument, and Shardy notifies the argument's users at once:
// they propagate in the same stage (a loop result's change alone leaves them for the next).

// CHECK-LABEL: func.func {{(private )?}}@grouped_loop_argument_wakes_its_readers(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>, <@mesh, []>]>}
// CHECK: sdy.sharding_group %iterArg group_id=3 : tensor<8x8xf32>
// CHECK: %3 = stablehlo.exponential %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.tanh %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=3 : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %0#0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @grouped_loop_argument_wakes_its_readers(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    sdy.sharding_group %it group_id=3 : tensor<8x8xf32>
    %e = stablehlo.exponential %it : tensor<8x8xf32>
    stablehlo.return %e, %i : tensor<8x8xf32>, tensor<i32>
  }
  %t = stablehlo.tanh %arg1 : tensor<8x8xf32>
  sdy.sharding_group %t group_id=3 : tensor<8x8xf32>
  %r = stablehlo.add %w#0, %t : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
