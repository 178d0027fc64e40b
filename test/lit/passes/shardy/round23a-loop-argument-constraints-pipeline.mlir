// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 23a: Shardy's import moves a closed constraint on a loop body's argument to the top of
// the body and every other use of the argument reads it (the argument keeps its sources'
// sharding); the constraint is then the argument's only reader, so a dead op before it does
// not hold it out of the first op-priority stage, and its sharding reaches the loop before
// the loop's operand's (campaign 24164).

// CHECK-LABEL: func.func {{(private )?}}@constraint_on_loop_argument_takes_its_uses(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<32x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %4 = sdy.reshard %iterArg <@mesh, [{"a"}, {}]> : tensor<32x8xf32>
// CHECK: %5 = stablehlo.exponential %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<32x8xf32>
// CHECK: %6 = stablehlo.multiply %4, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<32x8xf32>
// CHECK: %7 = stablehlo.multiply %6, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<32x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @constraint_on_loop_argument_takes_its_uses(%arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<32x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %c0) : tensor<32x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %e = stablehlo.exponential %it : tensor<32x8xf32>
    %s = sdy.sharding_constraint %it <@mesh, [{"a"}, {}]> : tensor<32x8xf32>
    %m = stablehlo.multiply %s, %it : tensor<32x8xf32>
    %m2 = stablehlo.multiply %m, %e : tensor<32x8xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %m2, %n : tensor<32x8xf32>, tensor<i32>
  }
  return %w#0 : tensor<32x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_on_loop_argument_first_stage(
// CHECK-SAME: %arg0: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", "a"}]>}) -> (tensor<33x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2 = sdy.constant dense<4> : tensor<i32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<32x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c":(1)2}, {"b"}]>, <@mesh, []>]>}
// CHECK: %7 = sdy.reshard %iterArg <@mesh, [{"a", "c":(1)2}, {}]> : tensor<32x8xf32>
// CHECK: %8 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c":(1)2}, {"b"}]>]>} : tensor<32x8xf32>
// CHECK: %9 = stablehlo.multiply %7, %8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c":(1)2}, {"b"}]>]>} : tensor<32x8xf32>
// CHECK: %10 = stablehlo.multiply %9, %7 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b", "a", "c":(1)2}]>]>} : tensor<32x8xf32>
// CHECK: %4 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %5 = stablehlo.pad %3#0, %4, low = [1, 0], high = [0, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c":(1)2}, {"b"}]>]>} : (tensor<32x8xf32>, tensor<f32>) -> tensor<33x8xf32>
// CHECK: %6 = stablehlo.exponential %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c":(1)2}, {"b"}]>]>} : tensor<33x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
func.func @constraint_on_loop_argument_first_stage(%arg1: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", "a", "c":(1)2, ?}]>}) -> (tensor<33x8xf32>) {
  %c2 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %w7:2 = stablehlo.while(%it5 = %arg1, %i6 = %c2) : tensor<32x8xf32>, tensor<i32>
    cond {
    %v14 = stablehlo.compare LT, %i6, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v14 : tensor<i1>
  } do {
    %v8 = stablehlo.multiply %it5, %arg1 : tensor<32x8xf32>
    %v9 = sdy.sharding_constraint %it5 <@mesh, [{"a", "c":(1)2}p0, {}]> : tensor<32x8xf32>
    %i10 = stablehlo.iota dim = 1 : tensor<32x8xf32>
    %v11 = stablehlo.multiply %v9, %i10 : tensor<32x8xf32>
    %v12 = stablehlo.multiply %v11, %it5 : tensor<32x8xf32>
    %v13 = stablehlo.add %i6, %c3 : tensor<i32>
    stablehlo.return %v12, %v13 : tensor<32x8xf32>, tensor<i32>
  }
  %c15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v16 = stablehlo.pad %w7#0, %c15, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<32x8xf32>, tensor<f32>) -> tensor<33x8xf32>
  %v17 = stablehlo.add %v16, %v16 : tensor<33x8xf32>
  %v18 = stablehlo.exponential %v16 : tensor<33x8xf32>
  return %v18 : tensor<33x8xf32>
}

