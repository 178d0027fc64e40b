// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 29b, per-op hand case: two composites in a row: each a call of its decomposition (Shardy inlines none).
// CHECK-LABEL: func.func {{(private )?}}@my_op_impl(
// CHECK-SAME: %arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
// CHECK: %0 = stablehlo.negate %arg0 : tensor<8x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xf32> {
// CHECK: %0 = stablehlo.composite "my.op" %arg0 {decomposition = @my_op_impl} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.composite "my.op" %0 {decomposition = @my_op_impl} : (tensor<8x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.composite "my.op" %arg0 {decomposition = @my_op_impl} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.composite "my.op" %0 {decomposition = @my_op_impl} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
func.func private @my_op_impl(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.negate %x : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: a composite's result sharding with sub-axes reaching its operand.
// CHECK-LABEL: func.func {{(private )?}}@my_op_impl(
// CHECK-SAME: %arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "c"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.composite "my.op" %arg0 {decomposition = @my_op_impl, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, "c"}, {"b"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "c"}, {"b"}]>}) {
  %0 = stablehlo.composite "my.op" %arg0 {decomposition = @my_op_impl} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
func.func private @my_op_impl(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.transpose %x, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: an optimization barrier: each operand-result pair is an edge of its own.
// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier_pairs(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = stablehlo.add %0#0, %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @optimization_barrier_pairs(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %1 = stablehlo.add %0#0, %0#1 : tensor<8x4xf32>
  return %1, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: stablehlo.if: both branches read a value sharded with a sub-axis.
// CHECK-LABEL: func.func {{(private )?}}@if_branches_sub_axis(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"b"}]>}, %arg1: tensor<i1>) -> tensor<8x4xf32> {
// CHECK: %0 = "stablehlo.if"(%arg1) ({
// CHECK: %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: stablehlo.return %1 : tensor<8x4xf32>
// CHECK: %1 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: stablehlo.return %1 : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @if_branches_sub_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"b"}]>}, %p: tensor<i1>) -> tensor<8x4xf32> {
  %0 = "stablehlo.if"(%p) ({
    %1 = stablehlo.negate %arg0 : tensor<8x4xf32>
    stablehlo.return %1 : tensor<8x4xf32>
  }, {
    %2 = stablehlo.abs %arg0 : tensor<8x4xf32>
    stablehlo.return %2 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Round 29b, per-op hand case: a while loop whose body transposes and maps its carried value.
// CHECK-LABEL: func.func {{(private )?}}@while_carried_sub_axis(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}, %arg1: tensor<i32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x4xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a":(1)2}, {"b"}]>]>}
// CHECK: %2 = stablehlo.compare LT, %iterArg, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: stablehlo.return %2 : tensor<i1>
// CHECK: %2 = sdy.constant dense<1> : tensor<i32>
// CHECK: %3 = stablehlo.add %iterArg, %2 : tensor<i32>
// CHECK: %4 = stablehlo.transpose %iterArg_0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"b"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %5 = stablehlo.sine %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: stablehlo.return %3, %5 : tensor<i32>, tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=2]>
func.func @while_carried_sub_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}]>}, %n: tensor<i32>) -> tensor<8x4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x4xf32>
   cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %t = stablehlo.transpose %x, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %y = stablehlo.sine %t : tensor<8x4xf32>
    stablehlo.return %i2, %y : tensor<i32>, tensor<8x4xf32>
  }
  return %0#1 : tensor<8x4xf32>
}
